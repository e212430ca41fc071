import { describe, expect, it } from 'vitest';
import { countOf, paginationSummary } from './pagination-summary';

const audits = ['audit', 'audits'] as const;

describe('paginationSummary', () => {
  it.each([
    [{ page: 1, pageCount: 1, total: 0, perPage: 10 }, 'No audits'],
    [{ page: 1, pageCount: 1, total: 1, perPage: 10 }, 'Showing 1 audit'],
    [{ page: 1, pageCount: 1, total: 7, perPage: 10 }, 'Showing 7 audits'],
    [{ page: 1, pageCount: 1, total: 10, perPage: 10 }, 'Showing 10 audits'],
    [{ page: 1, pageCount: 3, total: 23, perPage: 10 }, 'Showing 1–10 of 23 audits'],
    [{ page: 3, pageCount: 3, total: 23, perPage: 10 }, 'Showing 21–23 of 23 audits'],
    [{ page: 2, pageCount: 2, total: 11, perPage: 10 }, 'Showing 11 of 11 audits'],
    [{ page: 9, pageCount: 3, total: 23, perPage: 10 }, 'Showing 21–23 of 23 audits'],
    [{ page: 1, pageCount: 100, total: 1000, perPage: 10 }, 'Showing 1–10 of 1,000 audits'],
    [{ page: 1, pageCount: 1, total: 0 }, 'No audits'],
    [{ page: 1, pageCount: 1, total: 1 }, '1 audit'],
    [{ page: 1, pageCount: 1, total: 12 }, '12 audits'],
    [{ page: 2, pageCount: 3, total: 120 }, 'Page 2 of 3 · 120 audits'],
  ])('%o → %s', (input, expected) => {
    expect(paginationSummary({ ...input, noun: audits })).toBe(expected);
  });

  it('counts in words', () => {
    expect(countOf(1, ['business', 'businesses'])).toBe('1 business');
    expect(countOf(0, ['business', 'businesses'])).toBe('0 businesses');
    expect(countOf(2500, ['business', 'businesses'])).toBe('2,500 businesses');
  });
});
