import { DEFAULT_TIME_ZONE, formatLongDate } from './dates';
import { isTier, TIER_LABELS } from './tiers';

// What the user is told after a premium GPT check (spec section 8). Pure, so the dashboard's
// client-side check (JSON response) and the no-JavaScript redirect route (domain error) say exactly
// the same thing.

/** The 403 messages of the premium check (spec section 8): the server sends them, this reads them. */
export const SUBSCRIPTION_EXPIRED_MESSAGE = 'Subscription expired';
export const UPGRADE_REQUIRED_MESSAGE = 'Subscription upgrade required';

export type PremiumCheckToast = {
  title: string;
  description: string;
  variant: 'destructive';
};

export type PremiumCheckOutcome =
  { kind: 'open'; url: string } | { kind: 'toast'; toast: PremiumCheckToast };

/** A plan's name ("DIY"); a stored status we do not know is shown as it is. */
export function tierLabel(value: unknown): string {
  return isTier(value)
    ? TIER_LABELS[value]
    : typeof value === 'string' && value
      ? value
      : 'unknown';
}

/** Why a check was turned away for its plan, as the usage log stores it: plan names, a sentence. */
export function upgradeRequiredReason(current: string, required: string): string {
  return `${UPGRADE_REQUIRED_MESSAGE}: the premium GPT comes with ${tierLabel(required)} and above, and this account is on ${tierLabel(current)}.`;
}

/**
 * A usage log's reason as the admin reads it. Rows written before plan names were stored say
 * "…: free is below diy"; they read as the sentence written now.
 */
export function accessReasonInWords(reason: string): string {
  const legacy = /^(.*): (\S+) is below (\S+)$/.exec(reason);
  return legacy && legacy[1] === UPGRADE_REQUIRED_MESSAGE
    ? upgradeRequiredReason(legacy[2]!, legacy[3]!)
    : reason;
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

const toast = (title: string, description: string): PremiumCheckOutcome => ({
  kind: 'toast',
  toast: { title, description, variant: 'destructive' },
});

/** The check could not be made or answered unexpectedly. */
export const PREMIUM_CHECK_FAILED_TOAST: PremiumCheckToast = {
  title: 'Error',
  description: 'Failed to verify premium access. Please try again.',
  variant: 'destructive',
};

/**
 * Reads the answer of GET /api/premium-gpt-access: open the URL, or tell the user why not (an
 * expiry date in the viewer's `timeZone`).
 */
export function interpretPremiumCheck(
  status: number,
  body: unknown,
  timeZone: string = DEFAULT_TIME_ZONE,
): PremiumCheckOutcome {
  if (status === 200) {
    const url = field(body, 'premiumGptUrl');
    if (field(body, 'hasAccess') === true && typeof url === 'string' && url) {
      return { kind: 'open', url };
    }
    return toast('Access Denied', 'Premium GPT access requires an active subscription');
  }
  if (status === 403) {
    const message = field(body, 'message');
    if (message === SUBSCRIPTION_EXPIRED_MESSAGE) {
      const date = formatLongDate(field(body, 'expiredAt') as string | null, timeZone);
      return toast(
        'Subscription Expired',
        `Your subscription expired${date ? ` on ${date}` : ''}. Please renew your plan to continue using the premium GPT.`,
      );
    }
    if (message === UPGRADE_REQUIRED_MESSAGE) {
      return toast(
        'Upgrade Required',
        `Premium GPT access requires the ${tierLabel(field(body, 'requiredTier'))} plan or higher. Your current plan is ${tierLabel(field(body, 'currentTier'))}.`,
      );
    }
    return toast('Access Denied', 'You need a paid subscription to access premium GPT');
  }
  if (status === 401) {
    return toast('Authentication Required', 'Please log in again to access premium features');
  }
  return { kind: 'toast', toast: PREMIUM_CHECK_FAILED_TOAST };
}
