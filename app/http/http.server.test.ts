import { describe, expect, it } from 'vitest';
import { isCrossSite, safeRedirect } from './http.server';

describe('safeRedirect', () => {
  it.each(['/admin', '/dashboard?tab=prompts', '/pricing#faq', '/a/b?x=1&y=2'])(
    'keeps %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a carriage return', '/\r\n/evil.example'],
    ['a relative path', 'dashboard'],
    ['nothing', ''],
    ['null', null],
    ['a file', new File([], 'x')],
  ])('falls back on %s', (_case, to) => {
    expect(safeRedirect(to)).toBe('/dashboard');
    expect(safeRedirect(to, '/')).toBe('/');
  });

  it('normalises dot segments but stays on the site', () => {
    expect(safeRedirect('/../../admin')).toBe('/admin');
  });
});

describe('isCrossSite', () => {
  const post = (headers: Record<string, string>) =>
    new Request('http://shop.example/logout', { method: 'POST', headers });

  it('trusts the browser’s Sec-Fetch-Site', () => {
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'none' }))).toBe(false);
    // A sibling subdomain is another site's page too.
    expect(isCrossSite(post({ 'Sec-Fetch-Site': 'same-site' }))).toBe(true);
  });

  it('refuses an opaque or malformed Origin', () => {
    expect(isCrossSite(post({ Origin: 'null', Host: 'shop.example' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'not a url', Host: 'shop.example' }))).toBe(true);
  });

  it('otherwise compares Origin with the Host', () => {
    expect(isCrossSite(post({ Origin: 'https://evil.example', Host: 'shop.example' }))).toBe(true);
    expect(isCrossSite(post({ Origin: 'http://shop.example', Host: 'shop.example' }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
  });
});
