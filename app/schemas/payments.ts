import { z } from 'zod';
import { PAID_TIERS } from '~/content/plans';

/** POST /api/test-webhook and the admin's 'Webhook Testing' box. */
export const TestWebhookSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long'),
  tier: z.enum(PAID_TIERS, { error: `tier must be one of: ${PAID_TIERS.join(', ')}` }).optional(),
});
