import { DomainError } from './errors';
import { billedBySubscription, type SubscriptionFacts } from './tiers';

// The expiry of a plan a subscription bills is the billing's, like the plan itself (issue 41): an
// admin who set it in the past would take premium access from a paying owner ("Subscription
// expired") and, the user no longer counting as billed, could then change their plan after all.
// So the admin panel and PUT /api/admin/users/{id} refuse it (409), saying how to change it.

type Billed = SubscriptionFacts & {
  subscriptionExpiry: Date | null;
  email: string;
  stripeSubscriptionId: string | null;
};

/** Why an admin cannot set the expiry of a user whose subscription bills their plan. */
export function expiryBilledMessage(user: { email: string }): string {
  return `${user.email} pays through a subscription, so their plan's expiry is the end of the period paid for and follows the billing: change or cancel the subscription with the payment provider (in Stripe's dashboard), and the site follows its events. Nothing was changed.`;
}

/** 409 when `expiry` (undefined: not asked) would change the expiry of a billed user. */
export function assertExpiryNotBilled(
  current: Billed,
  expiry: Date | null | undefined,
  now: Date,
): void {
  if (expiry === undefined) return;
  const from = current.subscriptionExpiry?.getTime() ?? null;
  const to = expiry?.getTime() ?? null;
  if (from === to || !billedBySubscription(current, now)) return;
  throw new DomainError('conflict', expiryBilledMessage(current), { reason: 'billed_expiry' });
}
