import type { ActionFunctionArgs } from 'react-router';
import { createAdminUser } from '~/domain/admin.server';
import { requireApiAdmin } from '~/lib/auth.server';
import { idempotentCreate } from '~/lib/idempotency.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/lib/http.server';
import { CreateAdminSchema } from '~/schemas/admin';

// POST /api/admin/create-admin { email, password, firstName, lastName } → 201 the created admin.
// A taken e-mail is 409. With an Idempotency-Key, a retry answers what the first request answered.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const actor = await requireApiAdmin(request);
  // The body as sent, for the Idempotency-Key's fingerprint (the server has already capped it).
  const rawBody = request.headers.has('idempotency-key') ? await request.clone().text() : '';
  const payload = await readJsonPayload(request, CreateAdminSchema);
  if (!payload.ok) return payload.response;
  try {
    return await idempotentCreate(request, actor.id, rawBody, async (tx) => ({
      status: 201,
      body: await createAdminUser(actor, payload.value, tx),
    }));
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
