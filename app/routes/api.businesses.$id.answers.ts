import type { LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import {
  ANSWERS_MAX_PER_PAGE,
  ANSWERS_PER_PAGE,
  listAnswers,
} from '~/domain/tracking/visibility.server';
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
// [{ id, engine, model, promptId, prompt, text, mentioned, position, cited, sources: [{ url, title }],
// competitors: [{ name, position }], askedAt }]. Another user's business → 404.
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
        model: answer.model,
        promptId: answer.promptId,
        prompt: answer.prompt,
        text: answer.text,
        mentioned: answer.mentioned,
        position: answer.position,
        cited: answer.cited,
        sources: answer.sources,
        competitors: answer.competitors,
        askedAt: answer.askedAt,
      })),
    );
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
