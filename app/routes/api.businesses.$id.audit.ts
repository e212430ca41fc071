import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { auditBusiness, findAudit } from '~/domain/audits.server';
import { BUSINESS_NOT_FOUND_MESSAGE, findBusiness } from '~/domain/businesses.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';

const ALLOWED = ['GET', 'POST'];

// POST /api/businesses/{id}/audit → 201 { id, businessId, score, outcome, unreachable, auditedAt,
// url, trigger, signals, fixes }: the business's website audited now. A site that cannot be reached
// is still a 201 audit, with outcome 'unreachable', `unreachable` saying why, every signal
// 'not_checked' and one fix; it does not count toward the allowance. Another user's business → 404; no website → 400; past the plan's daily
// allowance → 429 with Retry-After.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  try {
    const audit = await auditBusiness(user, params.id ?? '');
    return Response.json(audit, { status: 201, headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

// GET /api/businesses/{id}/audit → the latest audit; 404 when there is none yet (or the business
// is someone else's).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? '';
  const audit = await findAudit(user, id);
  if (audit) return Response.json(audit, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  const business = await findBusiness(user, id);
  return jsonMessage(404, business ? 'No audit yet for this business' : BUSINESS_NOT_FOUND_MESSAGE);
}
