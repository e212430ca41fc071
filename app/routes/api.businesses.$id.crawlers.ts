import type { LoaderFunctionArgs } from 'react-router';
import { CRAWLER_DAYS_MAX, crawlerVisits } from '~/domain/tracking/visits/report.server';
import { crawlerVisitsJson } from '~/domain/tracking/visits/visits-json';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';

// GET /api/businesses/{id}/crawlers?days=N (1-366, 30 by default) → { agents: [{ agent, vendor,
// purpose, visits, verified, unverified, statuses: { "2xx", "3xx", "4xx", "5xx" }, lastSeen,
// topPages: [{ path, visits }] }], referrals: [{ assistant, visits, topPages }], imports: [{
// importId, status, lines, counted, skipped }] }: the AI crawlers' visits read from the business's
// logs (uploads and drains), verified when the address is in the vendor's published ranges, and
// the visits that came from the AI assistants. Another owner's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const asked = new URL(request.url).searchParams.get('days');
  if (asked !== null && (!/^[1-9]\d{0,2}$/.test(asked) || Number(asked) > CRAWLER_DAYS_MAX))
    return jsonMessage(400, `days must be a whole number from 1 to ${CRAWLER_DAYS_MAX}`);
  try {
    const visits = await crawlerVisits(user, params.id ?? '', asked === null ? 30 : Number(asked));
    return Response.json(crawlerVisitsJson(visits), {
      headers: { 'Cache-Control': PRIVATE_NO_STORE },
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export function action() {
  return methodNotAllowed(['GET']);
}
