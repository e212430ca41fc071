import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLANS } from '~/content/plans';
import { LISTING_CHECKS, listingCheckWords } from '~/domain/listing-checks';
import { PricingPlans } from './pricing-plans';

// Pricing says where the plans differ on listing checks (issue 46), from the same table the
// server's weekly check reads (LISTING_CHECKS; tests/integration/listing-checks.test.ts holds the
// server to it).

describe('listing checks on Pricing', () => {
  it('names each plan’s pages and how often, from the table the server enforces', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(PricingPlans, { plans: PLANS, headingLevel: 2 }),
      ),
    );
    expect(html).toContain('Listing checks: are you on the 3 most cited pages, every 4 weeks');
    expect(html).toContain('Listing checks: are you on the 5 most cited pages, every week');
    expect(
      html.match(/Listing checks: are you on the 10 most cited pages, every week/g),
    ).toHaveLength(2);
    expect(listingCheckWords('free')).toBe('Listing checks: not included');
    for (const checks of Object.values(LISTING_CHECKS))
      if (checks) expect(checks.pages).toBeLessThanOrEqual(10);
  });
});
