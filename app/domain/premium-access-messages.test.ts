import { describe, expect, it } from 'vitest';
import { interpretPremiumCheck } from './premium-access-messages';

const titleOf = (status: number, body: unknown) => {
  const outcome = interpretPremiumCheck(status, body);
  return outcome.kind === 'toast' ? [outcome.toast.title, outcome.toast.description] : outcome.url;
};

describe('interpretPremiumCheck (spec section 8)', () => {
  it('opens the URL of a granted check', () => {
    expect(
      interpretPremiumCheck(200, { hasAccess: true, premiumGptUrl: 'https://gpt.example/p' }),
    ).toEqual({ kind: 'open', url: 'https://gpt.example/p' });
  });

  it('says Access Denied when a 200 lacks the access flag or the URL', () => {
    for (const body of [{ hasAccess: false }, { hasAccess: true }, null, 'x']) {
      expect(titleOf(200, body)).toEqual([
        'Access Denied',
        'Premium GPT access requires an active subscription',
      ]);
    }
  });

  it('names the expiry date for an expired subscription, with a renew prompt', () => {
    expect(
      titleOf(403, {
        message: 'Subscription expired',
        expiredAt: '2026-03-05T10:00:00.000Z',
        requiredTier: 'diy',
        currentTier: 'diy',
      }),
    ).toEqual([
      'Subscription Expired',
      'Your subscription expired on March 5, 2026. Please renew your plan to continue using the premium GPT.',
    ]);
  });

  it('names both tiers when an upgrade is required', () => {
    expect(
      titleOf(403, {
        message: 'Subscription upgrade required',
        expiredAt: null,
        requiredTier: 'diy',
        currentTier: 'free',
      }),
    ).toEqual([
      'Upgrade Required',
      'Premium GPT access requires the DIY All-In plan or higher. Your current plan is Free.',
    ]);
  });

  it('falls back to Access Denied for any other or unparsable 403', () => {
    for (const body of [{ message: 'Nope' }, null, '<html>']) {
      expect(titleOf(403, body)).toEqual([
        'Access Denied',
        'You need a paid subscription to access premium GPT',
      ]);
    }
  });

  it('asks to log in again on 401 and says Error otherwise', () => {
    expect(titleOf(401, { message: 'Authentication required' })).toEqual([
      'Authentication Required',
      'Please log in again to access premium features',
    ]);
    for (const status of [400, 404, 500, 502]) {
      expect(titleOf(status, null)).toEqual([
        'Error',
        'Failed to verify premium access. Please try again.',
      ]);
    }
  });

  it('writes the expiry date in the viewer’s time zone (UTC when unknown)', () => {
    const body = { message: 'Subscription expired', expiredAt: '2026-12-31T23:59:59.999Z' };
    const [, utc] = titleOf(403, body);
    expect(utc).toContain('expired on December 31, 2026.');
    const outcome = interpretPremiumCheck(403, body, 'Asia/Tokyo');
    expect(outcome.kind === 'toast' && outcome.toast.description).toContain(
      'expired on January 1, 2027.',
    );
  });
});
