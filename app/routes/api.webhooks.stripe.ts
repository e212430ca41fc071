import type { ActionFunctionArgs } from 'react-router';
import { handleWebhook } from '~/domain/payments/webhook.server';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';
import { MAX_WEBHOOK_BYTES as MAX_EVENT_BYTES } from '~/http/request-limits';

// POST /api/webhooks/stripe: Stripe's events. The signature is checked on the raw body; a missing,
// forged or stale one, or a body that is not an event, is 400 and changes nothing. A redelivered
// event, or one of a type the site does not use, is 200 and changes nothing.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_EVENT_BYTES) {
    return jsonMessage(413, 'Request body too large');
  }
  const rawBody = await request.text();
  if (rawBody.length > MAX_EVENT_BYTES) return jsonMessage(413, 'Request body too large');
  try {
    const outcome = await handleWebhook(rawBody, request.headers.get('stripe-signature'));
    return Response.json({ received: true, outcome: outcome.status });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
