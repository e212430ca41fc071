import { requireScopes, type CallToolResult, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { PublicUser } from '~/domain/accounts.server';
import { isDomainError } from '~/domain/errors';
import { RANGE_MAX_DAYS } from '~/domain/tracking/reports/range.server';

// What every MCP tool module shares (decision 22): the id and date parameters, the JSON result and
// the tool error, and `run`, which turns a refusal of the domain into a tool error with its message.
// A tool module exports one `register…(server, user)` that mcpServerFor (../tools.server.ts) calls.

/** Registers a group of tools on a fresh server, acting as `user`. */
export type ToolGroup = (server: McpServer, user: PublicUser) => void;

export const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

/**
 * Tools that change something need the `write` scope: an app connected for `read` only gets 403
 * insufficient_scope with `scope="write"` (the MCP step-up challenge) and can ask the owner for
 * more. API keys carry both scopes.
 */
export const needsWrite = requireScopes('write');

export const DAY_MS = 86_400_000;
export const id = (what: string) =>
  z
    .string({ error: `${what} must be a string id (as list_businesses gives it)` })
    .trim()
    .min(1, `${what} is required`)
    .max(64, `${what} is not a valid id`);
export const businessId = id('businessId').describe(
  'The id of one of your businesses, as list_businesses returns it.',
);
export const isoDate = z.iso.date('Use a date as YYYY-MM-DD');

/** The range parameters get_visibility and list_answers share, each described for the model. */
export const rangeParams = {
  days: z
    .number()
    .int()
    .min(1)
    .max(RANGE_MAX_DAYS)
    .optional()
    .describe(`The last N days up to today (UTC), 1 to ${RANGE_MAX_DAYS}; instead of from/to`),
  from: isoDate.optional().describe('First day of the range, YYYY-MM-DD (UTC), today or earlier'),
  to: isoDate
    .optional()
    .describe('Last day of the range, YYYY-MM-DD (UTC); today when left out; needs from'),
};

/**
 * A tool's result: the value as structured content, and the same as compact JSON text beside it
 * for clients that read only text (pretty-printing cost a quarter to a third more tokens).
 */
export function json(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool: a refusal of the domain (not found, a plan limit, a bad value) is a tool error
 * with its message; anything unexpected is logged and the assistant is told only that it failed.
 */
export async function run(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) {
      const limit = error.details?.limit;
      return toolError(
        typeof limit === 'number' ? `${error.message} (limit: ${limit})` : error.message,
      );
    }
    console.error('[mcp] tool failed', error);
    return toolError('Something went wrong on our side. Please try again in a moment.');
  }
}

/** The range of whole UTC days a call asks for: from/to, or the last `days` (30 by default). */
export function rangeOf(
  input: { days?: number; from?: string; to?: string },
  now = new Date(),
): { from: string; to: string } | string {
  const today = now.toISOString().slice(0, 10);
  if (input.days !== undefined && (input.from || input.to))
    return 'Give either days, or from (and optionally to), not both.';
  if (!input.from && input.to) return 'Give from with to.';
  if (input.from && !input.to && input.from > today)
    return `from (${input.from}) is after today (${today}, UTC): there are no answers for future days yet.`;
  const to = input.to ?? today;
  const from =
    input.from ??
    new Date(new Date(`${to}T00:00:00.000Z`).getTime() - ((input.days ?? 30) - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return `from (${from}) must be on or before to (${to}).`;
  if (days > RANGE_MAX_DAYS) return `A range covers at most ${RANGE_MAX_DAYS} days.`;
  return { from, to };
}

export const round = (value: number) => Math.round(value * 1000) / 1000;

export function figuresOut(value: {
  samples: number;
  mentioned: number;
  mentionRate: number;
  mentionRateLow: number;
  mentionRateHigh: number;
  cited: number;
  citationRate: number;
  retrieved: number;
  citedNotNamed: number;
  averagePosition: number | null;
  shareOfVoice: number;
}) {
  return {
    answers: value.samples,
    mentioned: value.mentioned,
    mentionRate: round(value.mentionRate),
    mentionRate95: [round(value.mentionRateLow), round(value.mentionRateHigh)],
    cited: value.cited,
    citationRate: round(value.citationRate),
    foundBySearchNotCited: value.retrieved,
    citedWithoutNaming: value.citedNotNamed,
    averagePosition: value.averagePosition === null ? null : round(value.averagePosition),
    shareOfVoice: round(value.shareOfVoice),
  };
}
