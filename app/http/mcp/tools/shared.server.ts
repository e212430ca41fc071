import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
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

export function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 1) }] };
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
  const to = input.to ?? today;
  const from =
    input.from ??
    new Date(new Date(`${to}T00:00:00.000Z`).getTime() - ((input.days ?? 30) - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return 'from must be on or before to.';
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
