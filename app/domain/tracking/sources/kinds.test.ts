import { describe, expect, it } from 'vitest';
import { DIRECTORY_LIST, DIRECTORY_LIST_UPDATED } from './directory-list';
import { competitorSites, directoriesFor, kindOf, tradeOf } from './kinds';

const context = {
  ownSite: 'moreno-plumbing.example',
  competitorSites: competitorSites([
    { name: 'Ace Drains', website: 'https://www.acedrains.example/contact' },
    { name: 'No Site', website: null },
  ]),
  corrections: new Map<string, 'directory' | 'social' | 'news' | 'forum' | 'other'>(),
};

describe('the kind of a cited site', () => {
  it.each([
    ['moreno-plumbing.example', 'yours'],
    ['acedrains.example', 'competitor'],
    ['yelp.com', 'directory'],
    ['checkatrade.com', 'directory'],
    ['angi.com', 'directory'],
    ['healthgrades.com', 'directory'],
    ['reddit.com', 'forum'],
    ['quora.com', 'forum'],
    ['facebook.com', 'social'],
    ['patch.com', 'news'],
    ['austinchronicle.com', 'news'],
    ['leedsnews.co.uk', 'news'],
    ['joesblog.net', 'other'],
  ])('%s is %s', (domain, kind) => {
    expect(kindOf(domain, context).kind).toBe(kind);
  });

  it('names the competitor whose site it is', () => {
    expect(kindOf('acedrains.example', context)).toEqual({
      kind: 'competitor',
      corrected: false,
      competitor: 'Ace Drains',
    });
  });

  it("takes the owner's correction over the list", () => {
    const corrected = { ...context, corrections: new Map([['yelp.com', 'other' as const]]) };
    expect(kindOf('yelp.com', corrected)).toEqual({ kind: 'other', corrected: true });
  });
});

describe('the vendored list', () => {
  it('is dated and holds each domain once, as a registrable domain', () => {
    expect(DIRECTORY_LIST_UPDATED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const domains = DIRECTORY_LIST.map((entry) => entry.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const domain of domains) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });

  it('gives the directories of a trade in a country, the trade’s own first', () => {
    const uk = directoriesFor({ location: 'Leeds, UK', industry: 'Plumbing' }).map((e) => e.name);
    expect(uk.slice(0, 3)).toContain('Checkatrade');
    expect(uk).toContain('Yell');
    expect(uk).not.toContain('Angi');
    const us = directoriesFor({ location: 'Austin, TX', industry: 'Dentist' }).map((e) => e.name);
    expect(us[0]).toBe('Healthgrades');
    expect(us).not.toContain('Checkatrade');
    expect(tradeOf('Family law firm')).toBe('legal');
    expect(tradeOf(null)).toBe('any');
  });
});
