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
  tier: z.enum(PAID_TIERS, { error: `tier must be one of: ${PAID_TIERS.join(', ')}` }).optional(),
});
