import type { LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import {
  ANSWERS_MAX_PER_PAGE,
  ANSWERS_PER_PAGE,
  simulatedEngine,
} from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';
import { pagedJsonResponse } from '~/http/paged-response.server';
import { pageParams } from '~/schemas/paging';

const day = z.iso.date();
const Filter = z.object({
  engine: z.string().trim().max(40).optional(),
  promptId: z.string().trim().max(40).optional(),
  mentioned: z.enum(['true', 'false']).optional(),
  from: day.optional(),
  to: day.optional(),
});

// GET /api/businesses/{id}/answers?page=&limit=&engine=&promptId=&mentioned=&from=&to= → the
// business's answers, newest first, one page at a time (X-Total-Count, X-Page, X-Per-Page, Link):
// [{ id, engine, simulated, model, promptId, prompt, text, mentioned, position, cited, retrieved,
// citedOrRetrieved, citedNotNamed, sources: [{ url, title, kind }], searches: [string],
// location: { via, city, region, country, added } | null, competitors: [{ name, position }],
// sentences: [{ text, label }] | null, sentimentBy, askedAt }]. `sentences` are the answer's
// sentences naming the business, each labelled "positive", "neutral" or "negative" by the
// extraction model (`sentimentBy` "model") or the labeller ("library"); null for an answer
// recorded before they were kept and not read since. `kind` is "cited", "retrieved" (the search returned the page, the answer did not
// cite it) or "cited-or-retrieved" (recorded before the two were told apart); each page once.
// `simulated`: the Demo assistant's answer (DEMO_TRACKING), not a real assistant's. Another user's
// business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const { page, limit } = pageParams(url.searchParams, {
    defaultLimit: ANSWERS_PER_PAGE,
    maxLimit: ANSWERS_MAX_PER_PAGE,
  });
  const filter = Filter.safeParse(Object.fromEntries(url.searchParams));
  if (!filter.success)
    return jsonMessage(
      400,
      'Filters: engine, promptId, mentioned (true or false), from and to (YYYY-MM-DD)',
    );
  const { mentioned, ...rest } = filter.data;
  try {
    const result = await listAnswers(user, params.id ?? '', {
      page,
      perPage: limit,
      clampToLastPage: false,
      filter: { ...rest, ...(mentioned ? { mentioned: mentioned === 'true' } : {}) },
    });
    return pagedJsonResponse(
      url,
      result,
      result.items.map((answer) => ({
        id: answer.id,
        engine: answer.engine,
        simulated: simulatedEngine(answer.engine),
        model: answer.model,
        promptId: answer.promptId,
        prompt: answer.prompt,
        text: answer.text,
        mentioned: answer.mentioned,
        position: answer.position,
        cited: answer.cited,
        retrieved: answer.retrieved,
        citedOrRetrieved: answer.citedOrRetrieved,
        citedNotNamed: answer.citedNotNamed,
        sources: answer.sources,
        searches: answer.searches,
        location: answer.location,
        competitors: answer.competitors,
        sentences: answer.sentences,
        sentimentBy: answer.sentimentBy,
        askedAt: answer.askedAt,
      })),
    );
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
