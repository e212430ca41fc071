import type Stripe from 'stripe';
import { writeTransaction } from '~/lib/owner-lock.server';
import { PaymentEventSchema } from '~/schemas/payments';
import { DomainError } from '../errors';
import { notifyBilling, notifyPlanChange } from '../notices.server';
import { normalizeTier } from '../tiers';
import { stripe, webhookSecret } from './config.server';
import { applyEffect } from './effects.server';
import type { EventOutcome, PaymentEvent } from './events';

// Every plan change that money causes goes through this module's `applyPaymentEvent`: the checkout
// route, the Stripe webhook, the admin's webhook test and the demo checkout all end in it, and none
// of them changes a tier by itself. Stripe's rules: the signature is checked on the raw body, each
// event id is applied once (recorded in the same transaction as its effect), and events may arrive
// late, twice or out of order. Processing never calls Stripe: everything needed is in the event.

/** Verifies Stripe's signature on the raw body (5-minute tolerance). Bad or stale: 400. */
export async function verifyWebhook(
  rawBody: string,
  signature: string | null,
): Promise<PaymentEvent> {
  const secret = webhookSecret();
  if (!secret) throw new DomainError('invalid_input', 'Webhook signing secret is not configured');
  if (!signature) throw new DomainError('invalid_input', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = await stripe().webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    throw new DomainError(
      'invalid_input',
      `Webhook signature verification failed: ${error instanceof Error ? error.message : 'invalid'}`,
    );
  }
  return parsePaymentEvent(event);
}

/**
 * A signed body is still parsed before anything acts on it (PaymentEventSchema): an event whose
 * fields do not have Stripe's types and ranges is 400 and changes nothing.
 */
export function parsePaymentEvent(candidate: unknown): PaymentEvent {
  const parsed = PaymentEventSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    throw new DomainError('invalid_input', `The body is not a Stripe event we can apply${where}`);
  }
  return parsed.data as PaymentEvent;
}

/** The webhook route: verify, then apply. */
export async function handleWebhook(
  rawBody: string,
  signature: string | null,
  now = new Date(),
): Promise<EventOutcome> {
  return applyPaymentEvent(await verifyWebhook(rawBody, signature), now);
}

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'invoice.paid',
  'invoice.payment_failed',
]);

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/**
 * Applies one event exactly once: the event id is claimed in PaymentEvent inside the same
 * transaction as the effect, so a redelivery (even at the same moment) is a no-op.
 */
export async function applyPaymentEvent(
  input: PaymentEvent,
  now = new Date(),
): Promise<EventOutcome> {
  const event = parsePaymentEvent(input);
  if (!HANDLED.has(event.type))
    return { status: 'ignored', reason: `unused event type ${event.type}` };
  try {
    // Retried on contention (three instances on one SQLite file, a busy PostgreSQL), then a
    // DatabaseBusyError (503; Stripe delivers the event again) instead of a 500.
    const outcome = await writeTransaction('payments.apply-event', async (tx) => {
      const seen = await tx.paymentEvent.findUnique({
        where: { id: event.id },
        select: { id: true },
      });
      if (seen) return { status: 'duplicate' } as const;
      await tx.paymentEvent.create({ data: { id: event.id, type: event.type, processedAt: now } });
      return applyEffect(tx, event, now);
    });
    // The owner hears of a plan that started, changed or ended, once it is stored; else of a
    // cancel, a resume or a scheduled change.
    if (outcome.status === 'applied') {
      const { planChange, notice } = outcome;
      if (planChange && normalizeTier(planChange.from) !== normalizeTier(planChange.to)) {
        notifyPlanChange(outcome.userId, planChange);
      } else if (notice) {
        notifyBilling(outcome.userId, notice);
      }
    }
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'duplicate' };
    throw error;
  }
}
