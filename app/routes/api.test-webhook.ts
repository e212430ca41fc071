import type { ActionFunctionArgs } from 'react-router';
import {
  activateTestSubscription,
  describeTestActivation,
} from '~/domain/payments/test-events.server';
import { requireApiAdmin } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { TestWebhookSchema } from '~/schemas/payments';

// POST /api/test-webhook { email, tier? } (admins): simulates a successful payment for that user,
// through the same code as a real checkout completion. Without a tier, the payment is for the
// user's own paid plan (DIY for a free user), so a test never lowers a plan unasked. Empty e-mail
// or an unknown tier 400, no such user 404.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const actor = await requireApiAdmin(request);
  const payload = await readJsonPayload(request, TestWebhookSchema);
  if (!payload.ok) return payload.response;
  try {
    const result = await activateTestSubscription(actor, payload.value);
    return Response.json({
      message: `Activated subscription for: ${result.email}`,
      email: result.email,
      tier: result.tier,
      previousTier: result.previousTier,
      plan: describeTestActivation(result),
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
