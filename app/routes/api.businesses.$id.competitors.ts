import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { addCompetitor, listCompetitors } from '~/domain/tracking/rounds/prompts.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { CompetitorSchema } from '~/schemas/tracking';

const ALLOWED = ['GET', 'POST'];

// GET /api/businesses/{id}/competitors → [{ id, name, website, createdAt }], oldest first (at
// most 10 a business, so one page). POST { name, website? } → 201 the competitor; 400 { message }
// for a missing name or a website that is not a web address; 403 past the 10 a business may name;
// 409 when it is on the list already. Its website makes its cited pages count as a competitor's
// site on the sources report. Another user's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const competitors = await listCompetitors(user, params.id ?? '');
    return Response.json(competitors, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  const payload = await readJsonPayload(request, CompetitorSchema);
  if (!payload.ok) return payload.response;
  try {
    const competitor = await addCompetitor(user, params.id ?? '', payload.value);
    return Response.json(competitor, { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
