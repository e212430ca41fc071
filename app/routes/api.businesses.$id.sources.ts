import type { LoaderFunctionArgs } from 'react-router';
import { sourcesJson } from '~/domain/tracking/reports/sources-json';
import {
  SOURCES_DEFAULT_DAYS,
  SOURCES_MAX_DAYS,
  SOURCES_PER_PAGE,
  sourcesReport,
} from '~/domain/tracking/reports/sources.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';
import { pageParams } from '~/schemas/paging';

// GET /api/businesses/{id}/sources?days=N (1 to 366, default 30 days up to today, UTC) →
// { sources: [{ domain, kind, answers, share, low, high, answersWithoutYou, competitors, urls:
// [{ url, answers }], listing: { status, url, checkedAt, reason } }], actions: [{ kind, domain,
// text, answers, of }], simulated }: the sites the period's answers cited, sorted by
// answersWithoutYou then answers, 20 a page (`?page=`, the total in X-Total-Count, X-Page,
// X-Per-Page); `kind` one of yours, competitor, directory, social, news, forum, other; `share`
// the answers citing the site out of the period's answers with its 95% interval (low, high)
// clustered by question; `listing.status` listed, not_listed, unknown (reason says why) or
// not_checked. `actions`: the plan, most evidence first. `simulated`: the Demo assistant's
// answers (its listings simulated, never fetched). Another user's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('days');
  if (asked !== null && (!/^[1-9]\d{0,2}$/.test(asked) || Number(asked) > SOURCES_MAX_DAYS))
    return jsonMessage(400, `days must be a whole number from 1 to ${SOURCES_MAX_DAYS}`);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: SOURCES_PER_PAGE,
    maxLimit: SOURCES_PER_PAGE,
  });
  try {
    const report = await sourcesReport(user, params.id ?? '', {
      days: asked === null ? SOURCES_DEFAULT_DAYS : Number(asked),
      page,
    });
    const body = sourcesJson(report);
    // Past the last page: no sources (as every paged JSON list answers).
    if (page > report.page) body.sources = [];
    return Response.json(body, {
      headers: {
        'Cache-Control': PRIVATE_NO_STORE,
        'X-Total-Count': String(report.total),
        'X-Page': String(page),
        'X-Per-Page': String(report.perPage),
      },
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
