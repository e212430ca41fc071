import { z } from 'zod';
import {
  FACT_DAYS_DEFAULT,
  FACT_DAYS_MAX,
  factCheckFor,
} from '~/domain/tracking/reports/facts.server';
import { businessId, json, readOnly, run, type ToolGroup } from './shared.server';

// get_fact_check: the same fact check as GET /api/businesses/{id}/facts, for an assistant
// connected with the owner's API key. Another owner's business is a tool error.

export const registerFactTools: ToolGroup = (server, user) => {
  server.registerTool(
    'get_fact_check',
    {
      title: 'Fact check',
      description: `What the AI engines' answers said about the business's phone number, address, opening hours, website and whether it is open, over the last \`days\` days (default ${FACT_DAYS_DEFAULT}, at most ${FACT_DAYS_MAX}): each version they gave, right, wrong or unclear against the owner's own values (no verdict where the owner gave none), how many answers and which engines gave it, and an example sentence. Returns { facts: [{ kind, yours, stated, right, wrong, unclear, versions: [{ value, verdict, answers, engines, example }] }], simulated }.`,
      inputSchema: z.strictObject({
        businessId,
        days: z
          .number()
          .int()
          .min(1)
          .max(FACT_DAYS_MAX)
          .optional()
          .describe(
            `The last N days, today included (default ${FACT_DAYS_DEFAULT}, at most ${FACT_DAYS_MAX})`,
          ),
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () =>
        json(await factCheckFor(user, input.businessId, input.days ?? FACT_DAYS_DEFAULT)),
      ),
  );
};
