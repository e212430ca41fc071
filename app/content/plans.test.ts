import { describe, expect, it } from 'vitest';
import { PRICING_FAQ } from './faq';
import { PLANS } from './plans';

// The pricing copy promises only what the product does today: the optimization guide is still
// "coming soon" on the dashboard, so no plan or answer may sell it.
describe('pricing copy', () => {
  it('promises no optimization guide', () => {
    const copy = [
      ...PLANS.flatMap((plan) => [plan.tagline, ...plan.features]),
      ...PRICING_FAQ.map((item) => item.answer),
    ];
    for (const text of copy) expect(text).not.toMatch(/guide/i);
  });
});
