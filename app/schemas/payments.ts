import { z } from 'zod';
import { PAID_TIERS } from '~/content/plans';
import { EMAIL_MAX_LENGTH } from './auth';
import { tooLong } from './text';

/** POST /api/test-webhook and the admin's 'Webhook Testing' box. */
export const TestWebhookSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, tooLong('Email', EMAIL_MAX_LENGTH)),
  /** The plan the simulated payment is for; absent (or the form's empty choice): the user's own. */
  tier: z
    .enum(PAID_TIERS, { error: `tier must be one of: ${PAID_TIERS.join(', ')}` })
    .or(z.literal('').transform(() => undefined))
    .optional(),
});

/** The plan-change version a page was made at (a form changes the plan at most once). */
const planChangeVersion = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();

/** POST /checkout/<tier> for a subscriber: the plan the page showed as current (optional). */
export const PlanChangeFormSchema = z.object({
  current: z.string().max(20).optional(),
  version: planChangeVersion,
  /** When the page's upgrade price was worked out (Unix seconds): the change is prorated from then. */
  quotedAt: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** POST /billing/cancel: the version the confirmation was made at. */
export const CancelFormSchema = z.object({ version: planChangeVersion });

// ---------------------------------------------------------------------------------------------
// Stripe's events, as far as the site reads them. A body whose signature checks out is still
// parsed before anything acts on it: a field the site reads must have the type and range it has in
// Stripe's API, so a malformed event is refused (400) instead of failing half-way (a timestamp of
// 1e300 is not a date any database stores). Fields the site does not read pass untouched.

/** Unix seconds up to the end of year 9999: what every database and `Date` can hold. */
export const MAX_UNIX_SECONDS = 253_402_300_799;
const unixSeconds = z.number().int().min(0).max(MAX_UNIX_SECONDS);
const text = z.string().max(1000);
/** An id field: a string, or the expanded object that carries it. */
const idRef = z.union([text, z.looseObject({ id: text })]).nullish();
const metadata = z.record(z.string(), z.unknown()).nullish();

const CheckoutSessionSchema = z.looseObject({
  payment_status: text.nullish(),
  client_reference_id: text.nullish(),
  customer: idRef,
  subscription: idRef,
  customer_email: text.nullish(),
  customer_details: z.looseObject({ email: text.nullish() }).nullish(),
  metadata,
});

const SubscriptionSchema = z.looseObject({
  id: text.nullish(),
  customer: idRef,
  status: text.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: unixSeconds.nullish(),
  /** The subscription schedule attached to it (a scheduled plan change), or null: none. */
  schedule: idRef,
  metadata,
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          current_period_end: unixSeconds.nullish(),
          price: z.looseObject({ id: text.nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

/** A subscription item's price: its id, or the expanded price object. */
const priceRef = z.union([text, z.looseObject({ id: text.nullish() })]).nullish();

const SubscriptionScheduleSchema = z.looseObject({
  id: text,
  customer: idRef,
  subscription: idRef,
  status: text.nullish(),
  metadata,
  phases: z
    .array(
      z.looseObject({
        start_date: unixSeconds.nullish(),
        end_date: unixSeconds.nullish(),
        metadata,
        items: z.array(z.looseObject({ price: priceRef })).nullish(),
      }),
    )
    .max(100)
    .nullish(),
});

const InvoiceSchema = z.looseObject({
  customer: idRef,
  customer_email: text.nullish(),
  period_end: unixSeconds.nullish(),
  lines: z
    .looseObject({
      data: z.array(
        z.looseObject({ period: z.looseObject({ end: unixSeconds.nullish() }).nullish() }),
      ),
    })
    .nullish(),
});

/** The object each handled event type carries; other types are only checked as events. */
export const PAYMENT_EVENT_OBJECTS = {
  'checkout.session.completed': CheckoutSessionSchema,
  'customer.subscription.created': SubscriptionSchema,
  'customer.subscription.updated': SubscriptionSchema,
  'customer.subscription.deleted': SubscriptionSchema,
  'subscription_schedule.created': SubscriptionScheduleSchema,
  'subscription_schedule.updated': SubscriptionScheduleSchema,
  'subscription_schedule.released': SubscriptionScheduleSchema,
  'subscription_schedule.canceled': SubscriptionScheduleSchema,
  'subscription_schedule.completed': SubscriptionScheduleSchema,
  'invoice.paid': InvoiceSchema,
  'invoice.payment_failed': InvoiceSchema,
} as const;

export const PaymentEventSchema = z
  .looseObject({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    created: unixSeconds,
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .superRefine((event, ctx) => {
    const schema = (PAYMENT_EVENT_OBJECTS as Record<string, z.ZodType | undefined>)[event.type];
    if (!schema) return;
    const result = schema.safeParse(event.data.object);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: ['data', 'object', ...issue.path],
      });
    }
  });
