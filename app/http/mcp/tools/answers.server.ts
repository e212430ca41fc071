import { z } from 'zod';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { simulatedEngine, simulatedFigures } from '~/domain/tracking/reports/visibility.server';
import { ENGINE_LABELS } from '~/lib/ai/engines.server';
import {
  businessId,
  json,
  rangeOf,
  rangeParams,
  readOnly,
  run,
  toolError,
  type ToolGroup,
} from './shared.server';

/** Answers a page at most: ten full answers stay well under the clients' result caps. */
export const ANSWERS_PAGE_MAX = 10;

/** The engines whose answers this site reads: the Demo assistant alone with DEMO_TRACKING. */
function answerEngines(): [string, ...string[]] {
  if (simulatedFigures()) return ['demo'];
  const [first, ...rest] = Object.keys(ENGINE_LABELS).filter((engine) => engine !== 'demo');
  return [first!, ...rest];
}

// list_answers: the engines' answers themselves, a page at a time, with what each read.

export const registerAnswerTools: ToolGroup = (server, user) => {
  const engines = answerEngines();
  server.registerTool(
    'list_answers',
    {
      title: 'Recent answers',
      description:
        "The AI engines' recent answers to the business's tracked questions, newest first, a page at a time: the question, the engine and model, whether and where the business was named, the other businesses named, the pages the answer cited and those its web search returned without citing, the searches the engine ran, and the place the question was asked from. Filter by engine, by mentioned, and by days or from/to (YYYY-MM-DD).",
      inputSchema: z.strictObject({
        businessId,
        page: z
          .number()
          .int()
          .min(1)
          .max(10_000)
          .optional()
          .describe('Which page of answers, from 1 (the result says pageCount)'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(ANSWERS_PAGE_MAX)
          .optional()
          .describe(`Answers a page, 1 to ${ANSWERS_PAGE_MAX} (5 by default)`),
        engine: z
          .enum(engines, { error: `engine must be one of: ${engines.join(', ')}` })
          .optional()
          .describe(`Only this engine's answers: ${engines.join(', ')}`),
        mentioned: z
          .boolean()
          .optional()
          .describe('true: only answers that named the business; false: only those that did not'),
        ...rangeParams,
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () => {
        const dated = input.days !== undefined || input.from || input.to;
        const range = dated ? rangeOf(input) : {};
        if (typeof range === 'string') return toolError(range);
        const result = await listAnswers(user, input.businessId, {
          page: input.page ?? 1,
          perPage: input.limit ?? 5,
          clampToLastPage: false,
          filter: {
            engine: input.engine,
            mentioned: input.mentioned,
            ...range,
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
