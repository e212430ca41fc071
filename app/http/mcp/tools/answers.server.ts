import { z } from 'zod';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { simulatedEngine } from '~/domain/tracking/reports/visibility.server';
import { businessId, isoDate, json, readOnly, run, type ToolGroup } from './shared.server';

// list_answers: the engines' answers themselves, a page at a time, with what each read.

export const registerAnswerTools: ToolGroup = (server, user) => {
  server.registerTool(
    'list_answers',
    {
      title: 'Recent answers',
      description:
        "The AI engines' recent answers to the business's tracked questions, newest first: the question, the engine and model, whether and where the business was named, the other businesses named, the pages the answer cited and those its web search returned without citing, the searches the engine ran, and the place the question was asked from. Filter by engine id (as get_visibility names them), by mentioned, or by days (from/to, YYYY-MM-DD).",
      inputSchema: z.strictObject({
        businessId,
        page: z.number().int().min(1).max(10_000).optional(),
        limit: z.number().int().min(1).max(20).optional().describe('Answers a page (5 by default)'),
        engine: z.string().trim().min(1).max(40).optional(),
        mentioned: z.boolean().optional(),
        from: isoDate.optional(),
        to: isoDate.optional(),
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () => {
        const result = await listAnswers(user, input.businessId, {
          page: input.page ?? 1,
          perPage: input.limit ?? 5,
          clampToLastPage: false,
          filter: {
            engine: input.engine,
            mentioned: input.mentioned,
            from: input.from,
            to: input.to,
          },
        });
        return json({
          page: result.page,
          pageCount: result.pageCount,
          total: result.total,
          answers: result.items.map((answer) => ({
            askedAt: answer.askedAt,
            engine: answer.engine,
            simulated: simulatedEngine(answer.engine),
            model: answer.model,
            question: answer.prompt,
            mentioned: answer.mentioned,
            position: answer.position,
            citedYourSite: answer.cited,
            othersNamed: answer.competitors,
            citedPages: answer.sources.filter((page) => page.kind === 'cited'),
            retrievedPages: answer.sources.filter((page) => page.kind !== 'cited'),
            searches: answer.searches,
            askedFrom: answer.location,
            text: answer.text,
          })),
        });
      }),
  );
};
