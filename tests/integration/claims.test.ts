import { describe, expect, it } from 'vitest';
import { PRICING_FAQ } from '~/content/faq';
import { HOW_PAGE } from '~/content/how';
import * as marketing from '~/content/marketing';
import { PUBLIC_PAGES } from '~/content/pages';
import { WHY_PAGE } from '~/content/why';

// Issue 44, item 8: no page shows a figure without its source, and no page promises a date
// ("first improvements in 2-3 weeks, results in 30 days") that the visibility page's own "no clear
// change" can contradict. Walks every marketing string the public pages print.

const copy = JSON.stringify([marketing, WHY_PAGE, HOW_PAGE, PRICING_FAQ, PUBLIC_PAGES]);

describe('marketing claims', () => {
  it('drops the unsourced survey figures and the promised dates', () => {
    for (const claim of ['85%', '73%', /\b3x\b/, /2[-–]3 weeks/, /30 days/, /results in/i])
      expect(copy).not.toMatch(claim);
  });

  it('gives every figure on /why-ai-visibility its published source', () => {
    expect(marketing.STATS.length).toBeGreaterThan(0);
    for (const stat of marketing.STATS) expect(stat.source).toMatch(/\b20\d\d\b/);
  });
});
