import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerText, safeHref, segments } from './answer-text';

describe('an answer shown on the page', () => {
  it('marks the names at the reader’s offsets, skipping overlaps and bad ranges', () => {
    const text = '1. Lone Star Plumbing\n2. Rival Rooter';
    const parts = segments(text, [
      { start: 25, end: 37, kind: 'competitor' },
      { start: 3, end: 21, kind: 'business' },
      { start: 5, end: 9, kind: 'competitor' },
      { start: 30, end: 99, kind: 'competitor' },
      { start: 40, end: 45, kind: 'business' },
    ]);
    expect(parts).toEqual([
      { text: '1. ', kind: null },
      { text: 'Lone Star Plumbing', kind: 'business' },
      { text: '\n2. ', kind: null },
      { text: 'Rival Rooter', kind: 'competitor' },
    ]);
  });

  it('is text, never HTML, with a word for each mark besides its style', () => {
    const text = '<script>alert(1)</script> **Lone Star Plumbing** <img src=x onerror=alert(1)>';
    const html = renderToStaticMarkup(
      <AnswerText text={text} matches={[{ start: 28, end: 46, kind: 'business' }]} />,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(
      /<mark[^>]*data-kind="business"[^>]*>Lone Star Plumbing<span class="sr-only"> \(your business\)<\/span><\/mark>/,
    );
    expect(html).not.toContain('**');
  });

  it('links only web addresses', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
