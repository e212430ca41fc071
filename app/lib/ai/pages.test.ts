import { describe, expect, it } from 'vitest';
import { pageKey, samePage } from './pages';

describe('one page is one page', () => {
  it('a page ChatGPT cites with ?utm_source=openai is the page its search returned', () => {
    expect(
      samePage(
        'https://www.yelp.com/search?find_desc=Plumbers&find_loc=Austin%2C+TX&utm_source=openai',
        'https://www.yelp.com/search?find_desc=Plumbers&find_loc=Austin%2C+TX',
      ),
    ).toBe(true);
  });

  it.each([
    ['https://Example.COM/a', 'https://example.com/a'],
    ['https://www.example.com/a', 'https://example.com/a'],
    ['http://example.com/a', 'https://example.com/a'],
    ['https://example.com/a/', 'https://example.com/a'],
    ['https://example.com/', 'https://example.com'],
    ['https://example.com/a#reviews', 'https://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['https://example.com/a?utm_medium=x&UTM_Campaign=y', 'https://example.com/a'],
    ['https://example.com/a?gclid=1&fbclid=2&msclkid=3&srsltid=4', 'https://example.com/a'],
    ['https://example.com/a?id=7&utm_source=openai', 'https://example.com/a?id=7'],
  ])('%s is the same page as %s', (a, b) => {
    expect(pageKey(a)).toBe(pageKey(b));
  });

  it.each([
    ['https://example.com/a?page=2', 'https://example.com/a?page=3'],
    ['https://example.com/A', 'https://example.com/a'],
    ['https://shop.example.com/a', 'https://example.com/a'],
    ['https://example.com:8080/a', 'https://example.com/a'],
  ])('%s is another page than %s', (a, b) => {
    expect(pageKey(a)).not.toBe(pageKey(b));
  });

  it('anything that is not a web address is its own key', () => {
    expect(pageKey(' not a url ')).toBe('not a url');
    expect(pageKey('mailto:joe@example.com')).toBe('mailto:joe@example.com');
  });
});
