// Words of the billing panel, pure: the dashboard's loader writes them, and every other form that
// resumes a cancelled plan (/billing/cancel, checkout, demo billing) says the same.
import { formatPrice } from '~/content/plans';

/**
 * What resuming charges, and when, said before the button (issue 44, item 6): "Resuming keeps
 * Growth at $1,000 a month: nothing is charged today; the next $1,000 is charged on December 28,
 * then every month until you cancel."
 */
export function resumeTerms(planName: string, price: string, on: string): string {
  return `Resuming keeps ${planName} at ${price} a month: nothing is charged today; the next ${price} is charged on ${on}, then every month until you cancel.`;
}

/** The same words from a plan's monthly price and the date it renews (none without both). */
export function resumeTermsFor(
  planName: string,
  monthlyPrice: number | null | undefined,
  on: string | null | undefined,
): string | null {
  return monthlyPrice && on ? resumeTerms(planName, formatPrice(monthlyPrice), on) : null;
}
