import type { ActionFunctionArgs } from 'react-router';
import { activateTestSubscription } from '~/domain/payments.server';
import { requireApiAdmin } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { TestWebhookSchema } from '~/schemas/payments';

// POST /api/test-webhook { email, tier? } (admins): simulates a successful payment for that user,
// through the same code as a real checkout completion. Empty e-mail 400, no such user 404.
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
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
