import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { PublicUser } from '~/domain/accounts.server';
import { isDomainError } from '~/domain/errors';
import {
  FACT_DAYS_DEFAULT,
  FACT_DAYS_MAX,
  factCheckFor,
} from '~/domain/tracking/facts/report.server';

// The MCP tool get_fact_check: the same fact check as GET /api/businesses/{id}/facts, for an
// assistant connected with the owner's API key. Another owner's business is a tool error.

export function registerGetFactCheck(server: McpServer, user: PublicUser): void {
  server.registerTool(
    'get_fact_check',
    {
      title: 'Fact check',
      description: `What the AI engines' answers said about the business's phone number, address, opening hours, website and whether it is open, over the last \`days\` days (default ${FACT_DAYS_DEFAULT}, at most ${FACT_DAYS_MAX}): each version they gave, right, wrong or unclear against the owner's own values (no verdict where the owner gave none), how many answers and which engines gave it, and an example sentence. Returns { facts: [{ kind, yours, stated, right, wrong, unclear, versions: [{ value, verdict, answers, engines, example }] }], simulated }.`,
      inputSchema: z.strictObject({
        businessId: z
          .string()
          .trim()
          .min(1, 'businessId is required')
          .max(64, 'businessId is not a valid id')
          .describe('The id of one of your businesses, as list_businesses returns it.'),
        days: z.number().int().min(1).max(FACT_DAYS_MAX).optional(),
      }),
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    async (input) => {
      try {
        const check = await factCheckFor(user, input.businessId, input.days ?? FACT_DAYS_DEFAULT);
        return { content: [{ type: 'text', text: JSON.stringify(check, null, 1) }] };
      } catch (error) {
        if (isDomainError(error))
          return { content: [{ type: 'text', text: error.message }], isError: true };
        console.error('[mcp] get_fact_check failed', error);
        return {
          content: [
            {
              type: 'text',
              text: 'Something went wrong on our side. Please try again in a moment.',
            },
          ],
          isError: true,
        };
      }
    },
  );
}
