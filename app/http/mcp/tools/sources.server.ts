import { z } from 'zod';
import { sourcesJson } from '~/domain/tracking/reports/sources-json';
import { SOURCES_MAX_DAYS, sourcesReport } from '~/domain/tracking/reports/sources.server';
import { businessId, json, readOnly, run, type ToolGroup } from './shared.server';

// get_source_gaps (issue 46): the sites behind the answers and the plan, in the JSON API's shape
// (GET /api/businesses/{id}/sources).

export const registerSourceTools: ToolGroup = (server, user) => {
  server.registerTool(
    'get_source_gaps',
    {
      title: 'Where the assistants look, and what to do first',
      description: `The sites the AI assistants' answers cited over the last \`days\` days (default 30, at most ${SOURCES_MAX_DAYS}), the 20 relied on most when the answers did not name the business first (\`page\` for more): each with its kind (yours, competitor, directory, social, news, forum, other), the answers citing it (share with its 95% interval), \`answersWithoutYou\` (of those, the answers that did not name the business), the competitors named with it, its cited pages, and whether the business is listed on its most cited page (listed, not_listed, unknown with the reason, not_checked). Then \`actions\`: the plan, most evidence first, each with \`answers\` of \`of\` answers. \`simulated\`: the Demo assistant's made-up answers, not a real assistant's.`,
      inputSchema: z.strictObject({
        businessId,
        days: z
          .number()
          .int()
          .min(1)
          .max(SOURCES_MAX_DAYS)
          .optional()
          .describe(`The last N days up to today (UTC), 1 to ${SOURCES_MAX_DAYS} (30 by default)`),
        page: z
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .optional()
          .describe('Which page of 20 sites, from 1'),
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () => {
        const report = await sourcesReport(user, input.businessId, {
          days: input.days,
          page: input.page,
        });
        const body = sourcesJson(report);
        if ((input.page ?? 1) > report.page) body.sources = [];
        return json(body);
      }),
  );
};
