import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { answerMarkdown } from './answer-markdown';
import { AnswerText, safeHref, segments, type Match } from './answer-text';

function html(text: string, matches: Match[] = []) {
  return renderToStaticMarkup(<AnswerText blocks={answerMarkdown(text, matches)} />);
}

/** Where `name` starts in `text` (its nth occurrence), as the reader's mark. */
function mark(text: string, name: string, kind: Match['kind'], nth = 0): Match {
  let start = -1;
  for (let i = 0; i <= nth; i += 1) start = text.indexOf(name, start + 1);
  return { start, end: start + name.length, kind };
}

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

  it('renders the markdown: lists, bold, tables as tables, with the marks on the names', () => {
    const text = [
      'Good plumbers in **Austin**:',
      '',
      '1. **Lone Star Plumbing** - fast',
      '2. Rival Rooter - open late',
      '',
      '| Business | Rating |',
      '|---|---:|',
      '| Lone Star Plumbing | 4.8 |',
    ].join('\n');
    const out = html(text, [
      mark(text, 'Lone Star Plumbing', 'business'),
      mark(text, 'Rival Rooter', 'competitor'),
      mark(text, 'Lone Star Plumbing', 'business', 1),
    ]);
    expect(out).toContain('<strong class="font-semibold text-slate-900">Austin</strong>');
    expect(out).toMatch(/<ol start="1"[^>]*><li><strong[^>]*><mark[^>]*data-kind="business"/);
    expect(out).toMatch(
      /<mark[^>]*data-kind="business"[^>]*>Lone Star Plumbing<span class="sr-only"> \(your business\)<\/span><\/mark>/,
    );
    expect(out).toMatch(/<mark[^>]*data-kind="competitor"[^>]*>Rival Rooter</);
    expect(out).toMatch(/<table[^>]*><thead><tr><th scope="col"[^>]*>Business<\/th>/);
    expect(out).toMatch(/<td[^>]*text-right[^>]*>4.8<\/td>/);
    expect(out.match(/data-kind="business"/g)).toHaveLength(2);
    expect(out).not.toContain('|');
    expect(out).not.toContain('**');
    expect(out).not.toContain('---');
  });

  it('never lets the answer’s HTML, scripts or script links through', () => {
    const text = [
      '<script>alert(1)</script>',
      '',
      'Try **Lone Star Plumbing** <img src=x onerror=alert(1)> today.',
      '',
      '- [click me](javascript:alert(1)) and [data](data:text/html,<b>x</b>)',
      '- <a href="javascript:alert(2)" onclick="alert(3)">raw link</a>',
      '- ![pic](https://evil.example/x.png "t") <iframe src="https://evil.example"></iframe>',
      '- [site](https://lonestar.example/?a=1&b=2 "Lone Star")',
    ].join('\n');
    const out = html(text, [mark(text, 'Lone Star Plumbing', 'business')]);
    // Only the elements the renderer makes, and no attribute from the answer.
    const tags = out.match(/<[^>]+>/g) ?? [];
    const names = new Set(tags.map((tag) => /^<\/?([a-z]+)/.exec(tag)![1]));
    expect([...names].sort()).toEqual(['a', 'div', 'li', 'mark', 'p', 'span', 'strong', 'ul']);
    for (const tag of tags) expect(tag).not.toMatch(/\son[a-z]+=|javascript:|data:/i);
    expect(out).not.toMatch(/href="(?:javascript|data):/i);
    // The HTML shows as the text it is; script links keep only their words.
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('click me');
    expect(out).toContain('pic');
    // The one web address is a link that passes no ranking and opens apart.
    expect(out).toContain(
      '<a href="https://lonestar.example/?a=1&amp;b=2" target="_blank" rel="nofollow noopener ugc"',
    );
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toMatch(/<mark[^>]*data-kind="business"[^>]*>Lone Star Plumbing</);
  });

  it('links only web addresses', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('an answer’s boxes that scroll sideways (issue 44)', () => {
  it('are focusable regions named after the answer: its tables and code blocks', () => {
    const text = [
      '| Plumber | Hours |',
      '| --- | --- |',
      '| Lone Star Plumbing | 24/7 |',
      '',
      '```',
      'curl https://example.com/a-very-long-line-that-does-not-fit-on-a-phone',
      '```',
      '',
      '| A | B |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n');
    const out = renderToStaticMarkup(
      <AnswerText blocks={answerMarkdown(text, [])} label="Answer 2 (ChatGPT)" />,
    );
    const regions = [...out.matchAll(/<div role="region" aria-label="([^"]+)" tabindex="0"/g)].map(
      (m) => m[1],
    );
    expect(regions).toEqual([
      'Answer 2 (ChatGPT): table 1',
      'Answer 2 (ChatGPT): code 1',
      'Answer 2 (ChatGPT): table 2',
    ]);
    // Nothing else scrolls unnamed: every box that scrolls sideways is one of those regions.
    expect(out.match(/overflow-x-auto/g)).toHaveLength(3);
  });
});
