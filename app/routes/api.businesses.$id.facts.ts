import type { LoaderFunctionArgs } from 'react-router';
import {
  FACT_DAYS_DEFAULT,
  FACT_DAYS_MAX,
  factCheckFor,
} from '~/domain/tracking/reports/facts.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';

// GET /api/businesses/{id}/facts?days=N → { facts: [{ kind: "phone"|"address"|"hours"|"website"|
// "status", yours, stated, right, wrong, unclear, versions: [{ value, verdict, answers, engines,
// example: { answerId, engine, quote, askedAt } }] }], simulated }: what the assistants' answers
// of the last N days (default 30, at most 365) said about the business, each version judged
// against the owner's phone, address, opening hours and website (verdict null, and no right /
// wrong / unclear, where the owner gave none). Read from the per-day counts, so it reaches past
// the answers' retention; `example.answerId` may name an answer no longer kept. Another user's
// business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const asked = new URL(request.url).searchParams.get('days');
  if (asked !== null && (!/^[1-9]\d{0,2}$/.test(asked) || Number(asked) > FACT_DAYS_MAX))
    return jsonMessage(400, `days must be a whole number from 1 to ${FACT_DAYS_MAX}`);
  try {
    const check = await factCheckFor(
      user,
      params.id ?? '',
      asked === null ? FACT_DAYS_DEFAULT : Number(asked),
    );
    return Response.json(check, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
