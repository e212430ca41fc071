import { describe, expect, it } from 'vitest';
import { normalizeName, sameWords, wordTokens } from './names';
import { sameSite, siteOf } from './domains';

describe('normalizeName', () => {
  it.each([
    ["Joe's Plumbing", 'joe plumbing'],
    ['JOE’S PLUMBING', 'joe plumbing'],
    ['The Joe’s Plumbing, L.L.C.', 'joe plumbing'],
    ["Joe's Plumbing Inc.", 'joe plumbing'],
    ['Smith & Sons Electric', 'smith and sons electric'],
    ['Smith and Sons Electric, Ltd', 'smith and sons electric'],
    ['Smith & Co.', 'smith'],
    ['Café Olé Catering', 'cafe ole catering'],
    ['A-1 Plumbing', 'a1 plumbing'],
    ['**Joe’s Plumbing**', 'joe plumbing'],
    ['Brothers’ Electric', 'brothers electric'],
    ['The Company', 'company'],
    ['The', 'the'],
    ['Inc', 'inc'],
  ])('%s → %s', (name, expected) => {
    expect(normalizeName(name)).toBe(expected);
  });

  it('keeps "The" inside a name and a legal word that is not last', () => {
    expect(normalizeName('Over The Top Roofing')).toBe('over the top roofing');
    expect(normalizeName('Co-op Plumbing')).toBe('coop plumbing');
  });
});

describe('wordTokens', () => {
  it('gives offsets into the text and skips markdown', () => {
    const text = '- **Joe’s Plumbing** & [Drain](https://x.com)';
    const tokens = wordTokens(text);
    expect(tokens.map((token) => token.norm)).toEqual([
      'joe',
      'plumbing',
      'and',
      'drain',
      'https',
      'xcom',
    ]);
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual([
      'Joe’s',
      'Plumbing',
      '&',
      'Drain',
      'https',
      'x.com',
    ]);
    expect(tokens[0]).toMatchObject({ possessive: true, capital: true });
  });

  it('matches a possessive with the same word written without its apostrophe', () => {
    expect(sameWords(wordTokens('Joes Plumbing'), wordTokens("Joe's Plumbing"))).toBe(true);
    expect(sameWords(wordTokens("Joe's Plumbing"), wordTokens('Joes Plumbing'))).toBe(true);
    expect(sameWords(wordTokens('Joe Plumbing'), wordTokens('Jo Plumbing'))).toBe(false);
  });
});

describe('siteOf', () => {
  it.each([
    ['https://joesplumbing.com', 'joesplumbing.com'],
    ['https://www.joesplumbing.com/about?x=1', 'joesplumbing.com'],
    ['joesplumbing.com/contact', 'joesplumbing.com'],
    ['HTTPS://Booking.JoesPlumbing.com.', 'joesplumbing.com'],
    ['https://m.joesplumbing.com', 'joesplumbing.com'],
    ['https://www.thamesvalleyroofing.co.uk/', 'thamesvalleyroofing.co.uk'],
    ['https://shop.roofing.com.au', 'roofing.com.au'],
    ['https://joes.wixsite.com/plumbing', 'joes.wixsite.com'],
    ['https://joes-plumbing.github.io', 'joes-plumbing.github.io'],
    ['https://joesplumbing.com.deals.net', 'deals.net'],
    ['http://127.0.0.1:3000/x', '127.0.0.1'],
    ['mailto:joe@joesplumbing.com', null],
    ['not a url', null],
    ['plumbing', null],
    ['', null],
  ])('%s → %s', (address, expected) => {
    expect(siteOf(address)).toBe(expected);
  });

  it('tells two customers of one shared host apart', () => {
    expect(sameSite('https://joes.wixsite.com/a', 'https://bobs.wixsite.com/b')).toBe(false);
    expect(sameSite('https://www.joesplumbing.com', 'https://blog.joesplumbing.com')).toBe(true);
    expect(sameSite('https://roofing.co.uk', 'https://valleyroofing.co.uk')).toBe(false);
  });
});
