import type { BillingNotice, PlanChange } from '~/mail/messages.server';

// The shape of a payment event (Stripe's, or one built by the demo, the admin's test or a plan
// change), and the loose readers its fields are taken with.

export type Obj = Record<string, unknown>;
export const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
export const str = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : null;
export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** An id field that may be a string or an expanded object. */
export const ref = (value: unknown): string | null => str(value) ?? str(obj(value).id);

export type PaymentEvent = { id: string; type: string; created: number; data: { object: unknown } };

export type EventOutcome =
  | {
      status: 'applied';
      userId: string;
      /** The plan the account is on after the event (said by e-mail when it changed). */
      planChange?: PlanChange;
      /** A cancel, a resume or a scheduled change to tell the owner of. */
      notice?: BillingNotice;
    }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string }
  | { status: 'unmatched' };
