import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { PublicUser } from '~/domain/accounts.server';
import { auditBusiness, findAudit } from '~/domain/audits.server';
import { listBusinesses } from '~/domain/businesses.server';
import { isDomainError } from '~/domain/errors';
import {
  addPrompt,
  deletePrompt,
  listPrompts,
  ownedBusiness,
  promptLimit,
} from '~/domain/tracking/rounds/prompts.server';
import { RANGE_MAX_DAYS, visibilityOverRange } from '~/domain/tracking/reports/range.server';
import { simulatedEngine, visibilityFor } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { PromptSchema } from '~/schemas/tracking';
import { registerGetFactCheck } from './tools/get-fact-check.server';

// The MCP server's tools (decision 22): what an owner's assistant may read and do, as the owner,
// through the same domain functions as the JSON API, so plan limits, not-found for another owner's
// business and every error message are the ones the API gives. Each call builds a fresh server
// for the caller (stateless), so a tool can only ever see its caller's data.

export const MCP_SERVER_INFO = { name: 'ai-visibility', title: 'AI Visibility', version: '1.0.0' };

const DAY_MS = 86_400_000;
const id = (what: string) =>
  z
    .string({ error: `${what} must be a string id (as list_businesses gives it)` })
    .trim()
    .min(1, `${what} is required`)
    .max(64, `${what} is not a valid id`);
const businessId = id('businessId').describe(
  'The id of one of your businesses, as list_businesses returns it.',
);
const isoDate = z.iso.date('Use a date as YYYY-MM-DD');

function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 1) }] };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool: a refusal of the domain (not found, a plan limit, a bad value) is a tool error
 * with its message; anything unexpected is logged and the assistant is told only that it failed.
 */
async function run(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
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
function rangeOf(
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

const round = (value: number) => Math.round(value * 1000) / 1000;

function figuresOut(value: {
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

/** A fresh MCP server whose tools act as `user`. */
export function mcpServerFor(user: PublicUser): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      "Tools for the owner's AI Visibility account: how often AI assistants (ChatGPT, Perplexity, Gemini, Claude) name and cite each of their businesses, the answers themselves, the website's AI-readiness audit and fixes, competitors, and the tracked questions. Start with list_businesses to get the business ids the other tools take.",
  });
  const readOnly = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

  server.registerTool(
    'list_businesses',
    {
      title: 'List businesses',
      description:
        "Lists the owner's businesses (id, name, website, industry, location), newest first, 50 a page. Use an id from here in every other tool. `query` keeps those whose name has words starting with the words given.",
      inputSchema: z.strictObject({
        query: z.string().trim().max(100).optional().describe('Words of the business name'),
        page: z.number().int().min(1).max(10_000).optional().describe('Page, from 1'),
      }),
      annotations: readOnly,
    },
    ({ query, page }) =>
      run(async () => {
        const result = await listBusinesses(user, {
          page: page ?? 1,
          perPage: 50,
          q: query,
          clampToLastPage: false,
        });
        return json({
          page: result.page,
          pageCount: result.pageCount,
          total: result.total,
          businesses: result.items.map((business) => ({
            id: business.id,
            name: business.name,
            website: business.website,
            industry: business.industry,
            location: business.location,
          })),
        });
      }),
  );

  server.registerTool(
    'get_visibility',
    {
      title: 'Visibility figures',
      description: `How often each AI engine named the business in its answers over a range of days (UTC), and overall: answers read (the sample size), mention rate with its 95% interval (small samples give wide intervals: say so rather than over-reading a change), how often the answers cited the website, found it by search without citing it, average position when named, and share of voice. Give \`days\` (the last N days, default 30) or \`from\` and optionally \`to\` (YYYY-MM-DD, at most ${RANGE_MAX_DAYS} days).`,
      inputSchema: z.strictObject({
        businessId,
        days: z.number().int().min(1).max(RANGE_MAX_DAYS).optional(),
        from: isoDate.optional(),
        to: isoDate.optional(),
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () => {
        const range = rangeOf(input);
        if (typeof range === 'string') return toolError(range);
        const figures = await visibilityOverRange(user, input.businessId, range);
        return json({
          from: figures.from,
          to: figures.to,
          // The figures hold the Demo assistant's simulated answers, not a real assistant's.
          simulated: figures.engines.some(
            (engine) => engine.samples > 0 && simulatedEngine(engine.engine),
          ),
          overall: figuresOut(figures.overall),
          engines: figures.engines.map((engine) => ({
            engine: engine.engine,
            name: engine.name,
            simulated: simulatedEngine(engine.engine),
            ...figuresOut(engine),
          })),
          failedCalls: figures.failed,
        });
      }),
  );

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

  server.registerTool(
    'get_latest_audit',
    {
      title: 'Latest AI-readiness audit',
      description:
        "The latest audit of the business's website (can AI crawlers reach it, understand it and cite it?): the score out of 100, each signal that failed or needs attention with the reason, and the fixes to make (snippets to copy and where they go). Use run_audit for a new one.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const audit = await findAudit(user, id_);
        if (!audit) {
          // Says which, as the JSON API does: no audit yet, or no such business of the caller's.
          await ownedBusiness(user, id_);
          return toolError('No audit yet for this business. Run one with run_audit.');
        }
        return json(auditOut(audit));
      }),
  );

  server.registerTool(
    'get_competitors',
    {
      title: 'Competitors and share of voice',
      description:
        "For the latest period with answers (a day on daily plans, a week otherwise): the business's share of voice, every other business the answers named with how many answers named it and its share of voice (`known`: on the owner's competitor list), and the sites the answers cited most.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const visibility = await visibilityFor(user, id_);
        return json({
          period: visibility.current,
          answers: visibility.overall.samples,
          yourShareOfVoice: round(visibility.overall.shareOfVoice),
          competitors: visibility.competitors.map((competitor) => ({
            name: competitor.name,
            known: competitor.known,
            mentions: competitor.mentions,
            shareOfVoice: round(competitor.shareOfVoice),
          })),
          sitesCited: visibility.domains.map((site) => ({
            domain: site.domain,
            answersCiting: site.cited,
            own: site.own,
          })),
        });
      }),
  );

  server.registerTool(
    'list_tracked_prompts',
    {
      title: 'Tracked questions',
      description:
        "The questions tracked for the business (what a customer would ask an AI assistant), oldest first, with their ids (for remove_tracked_prompt), and how many the owner's plan allows.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const prompts = await listPrompts(user, id_);
        const { limit, tier } = promptLimit(user);
        return json({ plan: tier, limit, prompts });
      }),
  );

  server.registerTool(
    'add_tracked_prompt',
    {
      title: 'Track a question',
      description:
        'Adds a question to track for the business, asked of every AI engine at the plan\'s schedule (e.g. "best emergency plumber in Austin, TX"). Refused past the plan\'s number of tracked questions, or when the business tracks it already.',
      inputSchema: z.strictObject({ businessId, text: PromptSchema.shape.text }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ businessId: id_, text }) =>
      run(async () => json({ added: await addPrompt(user, id_, { text }) })),
  );

  server.registerTool(
    'remove_tracked_prompt',
    {
      title: 'Stop tracking a question',
      description:
        'Stops tracking one question of the business (its past answers are kept). Take the promptId from list_tracked_prompts.',
      inputSchema: z.strictObject({ businessId, promptId: id('promptId') }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ businessId: id_, promptId }) =>
      run(async () => {
        await deletePrompt(user, id_, promptId);
        return json({ removed: promptId });
      }),
  );

  server.registerTool(
    'run_audit',
    {
      title: 'Run an AI-readiness audit',
      description:
        "Audits the business's website now (takes up to about 20 seconds) and returns the result as get_latest_audit does. Counts toward the plan's audits per business per day; refused past it, with when the next one is possible.",
      inputSchema: z.strictObject({ businessId }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    ({ businessId: id_ }) => run(async () => json(auditOut(await auditBusiness(user, id_)))),
  );

  registerGetFactCheck(server, user);
  return server;
}

function auditOut(audit: Awaited<ReturnType<typeof auditBusiness>>) {
  return {
    id: audit.id,
    auditedAt: audit.auditedAt,
    url: audit.url,
    outcome: audit.outcome,
    score: audit.outcome === 'complete' ? audit.score : null,
    unreachable: audit.unreachable,
    needsWork: audit.signals
      .filter((signal) => signal.status === 'fail' || signal.status === 'warn')
      .map((signal) => ({ signal: signal.id, status: signal.status, reason: signal.reason })),
    passed: audit.signals.filter((signal) => signal.status === 'pass').length,
    fixes: audit.fixes.map((fix) => ({
      signal: fix.signal,
      title: fix.title,
      optional: Boolean(fix.optional),
      help: fix.help ?? null,
      text: fix.text,
    })),
  };
}
