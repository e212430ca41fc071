import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { answerMarkdown } from '~/components/tracking/answer-markdown';
import { changeSince, periodLabel } from '~/components/tracking/words';
import { isDomainError } from '~/domain/errors';
import { COMPETITORS_PER_BUSINESS, effectiveTier, TIER_LABELS } from '~/domain/tiers';
import {
  addCompetitor,
  addPrompt,
  deleteCompetitor,
  deletePrompt,
  listCompetitors,
  promptLimit,
  promptLimitMessage,
  suggestPrompts,
  updatePrompt,
} from '~/domain/tracking/rounds/prompts.server';
import {
  periodKindOf,
  runAllowanceFor,
  runNow,
  trackingBlocked,
  trackingEngines,
} from '~/domain/tracking/rounds/runs.server';
import { askedFrom } from '~/domain/tracking/rounds/asked-from';
import { nextRoundOf } from '~/domain/tracking/rounds/next-round.server';
import { businessZone } from '~/domain/time-zones/business-zone.server';
import { promptSuggestions } from '~/domain/tracking/rounds/suggestions';
import { topSearches, type PromptSearch } from '~/domain/tracking/reports/searches.server';
import { sentimentOfPeriod } from '~/domain/tracking/rounds/sentiment.server';
import {
  ANSWERS_PER_PAGE,
  engineFilter,
  promptRows,
  visibilityOf,
} from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { factsOnPage } from '~/domain/tracking/reports/facts.server';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { pageParams } from '~/schemas/paging';
import { CompetitorSchema, PromptSchema } from '~/schemas/tracking';
import { businessPath } from '../dashboard/business-page';
import {
  ownerAndBusiness,
  privatePage,
  throwIfBusinessNotFound,
} from '../dashboard/business-page.server';
import { correctionAction, correctionsOnPage } from './name-corrections.server';

// The visibility page's loader and action: the figures of the latest period, the prompts and
// competitors the owner tracks, Run now, and one page of answers. Someone else's business is a
// 404, as on the JSON API and the audit page.

const pagePath = (id: string, hash = '') => businessPath(id, 'visibility', hash);

export async function loadVisibilityPage(request: Request, id: string) {
  const { user, business } = await ownerAndBusiness(request, id);
  const now = new Date();
  const url = new URL(request.url);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: ANSWERS_PER_PAGE,
    maxLimit: ANSWERS_PER_PAGE,
  });
  const engine = url.searchParams.get('engine')?.slice(0, 40) || undefined;
  const { tier, limit } = promptLimit(user, now);
  const visibility = await visibilityOf(business, periodKindOf(effectiveTier(user, now)), now);
  const current = visibility.current;
  const [
    prompts,
    suggestions,
    competitors,
    allowance,
    blocked,
    answers,
    corrections,
    searches,
    sentiment,
    facts,
    nextRound,
  ] = await Promise.all([
    promptRows(business, limit, visibility.current),
    suggestPrompts(user, id),
    listCompetitors(user, id),
    runAllowanceFor(user, id, now),
    trackingBlocked(now),
    listAnswers(user, id, { page, perPage: ANSWERS_PER_PAGE, filter: { engine } }),
    correctionsOnPage(user, id, url),
    current
      ? topSearches(business.id, {
          engine: engineFilter(),
          period: {
            gte: new Date(`${current.start}T00:00:00.000Z`),
            lt: new Date(Date.parse(`${current.end}T00:00:00.000Z`) + 86_400_000),
          },
        })
      : Promise.resolve<Record<string, PromptSearch[]>>({}),
    sentimentOfPeriod(business.id, engineFilter(), current, visibility.periods[0]?.start ?? null),
    factsOnPage(user, business.id, now),
    nextRoundOf(user, business.id, now),
  ]);
  const editId = url.searchParams.get('edit');
  const removeId = url.searchParams.get('remove');
  const find = (promptId: string | null) =>
    promptId ? (prompts.find((prompt) => prompt.id === promptId) ?? null) : null;
  const atLimit = prompts.length >= limit;
  return privatePage({
    business: { id: business.id, name: business.name, website: business.website },
    visibility,
    period: visibility.current ? periodLabel(visibility.current, now) : null,
    change: visibility.current
      ? changeSince(visibility.overall, visibility.previous, visibility.current, now)
      : null,
    prompts,
    /** The searches the engines ran most for each prompt in the period shown. */
    searches,
    /** How the period's answers describe the business, per engine, with n. */
    sentiment,
    /** What the answers say of its phone, address, hours, website and status (issue 45). */
    facts,
    /** Where the engines are asked from, and how each is told. */
    askedFrom: askedFrom(business.location, trackingEngines()),
    limit: {
      limit,
      count: prompts.length,
      plan: TIER_LABELS[tier],
      atLimit,
      message: atLimit ? promptLimitMessage(tier) : null,
      upgradable: tier !== 'authority',
    },
    suggestions: suggestions.slice(0, 8),
    /** The add field's example: the first question suggested for this trade and place. */
    example: promptSuggestions(business)[0] ?? undefined,
    competitors,
    competitorLimit: COMPETITORS_PER_BUSINESS,
    allowance,
    /** Why nothing can be asked now (no engine configured, the month's budget used up). */
    blocked,
    /** When the next scheduled round starts (none while blocked), and the zone times are in. */
    nextRound: blocked ? null : (nextRound?.toISOString() ?? null),
    zone: businessZone(business),
    // Each answer's markdown read here into a tree the page renders (never its HTML); the
    // markdown library stays on the server.
    answers: {
      ...answers,
      items: answers.items.map(({ text, matches, ...answer }) => ({
        ...answer,
        blocks: answerMarkdown(text, matches),
      })),
    },
    engine: engine ?? null,
    editing: find(editId),
    removing: find(removeId),
    /** The owner's corrections to the names read, and a hide waiting for its confirmation. */
    corrections,
  });
}

/**
 * What Run now asks, in words that add up: "Asking 4 questions, 3 times each (12 answers)…",
 * "Asking 4 questions of 2 assistants, 3 times each (24 answers)…", "Asking 1 question…".
 */
export function runWords(run: {
  queued: number;
  prompts: number;
  engines: number;
  samples: number;
}) {
  const questions = `${run.prompts} ${run.prompts === 1 ? 'question' : 'questions'}`;
  const of = run.engines > 1 ? ` of ${run.engines} assistants` : '';
  const times = run.samples > 1 ? `, ${run.samples} times each` : '';
  const total = run.queued !== run.prompts ? ` (${run.queued} answers)` : '';
  return `Asking ${questions}${of}${times}${total}…`;
}

export type Intent = 'add-prompt' | 'edit-prompt' | 'add-competitor';
export type ActionResult = {
  intent: Intent;
  promptId?: string;
  result: SubmissionResult<string[]>;
};

const INTENTS = [
  'add-prompt',
  'edit-prompt',
  'delete-prompt',
  'add-competitor',
  'delete-competitor',
  'run',
  'hide-name',
  'merge-name',
  'undo-correction',
] as const;

export async function visibilityAction(request: Request, id: string) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = INTENTS.find((name) => name === form.get('intent'));
  const page = pagePath(id);
  const toast = (title: string, description?: string, hash = '') =>
    redirectWithToast(pagePath(id, hash), { title, description }, { request });
  const refused = (title: string, description: string, hash = '') =>
    redirectWithToast(
      pagePath(id, hash),
      { title, description, variant: 'destructive' },
      { request },
    );
  if (!intent) return refused('Error', 'Unknown action');

  try {
    switch (intent) {
      case 'add-prompt':
      case 'edit-prompt': {
        const promptId = String(form.get('promptId') ?? '');
        const submission = parseWithZod(form, { schema: PromptSchema });
        if (submission.status !== 'success')
          return data<ActionResult>(
            { intent, promptId: promptId || undefined, result: submission.reply() },
            { status: 400 },
          );
        try {
          if (intent === 'add-prompt') {
            await addPrompt(user, id, submission.value);
            return await toast('Question added', submission.value.text, '#prompts-title');
          }
          await updatePrompt(user, id, promptId, submission.value);
          return await toast('Question saved', submission.value.text, '#prompts-title');
        } catch (error) {
          if (!isDomainError(error) || error.code === 'not_found') throw error;
          return data<ActionResult>(
            {
              intent,
              promptId: promptId || undefined,
              result: submission.reply({ formErrors: [error.message] }),
            },
            { status: error.status },
          );
        }
      }
      case 'delete-prompt':
        await deletePrompt(user, id, String(form.get('promptId') ?? ''));
        return await toast('Question removed', undefined, '#prompts-title');
      case 'add-competitor': {
        const submission = parseWithZod(form, { schema: CompetitorSchema });
        if (submission.status !== 'success')
          return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
        try {
          await addCompetitor(user, id, submission.value);
          return await toast('Competitor added', submission.value.name, '#competitors-title');
        } catch (error) {
          if (!isDomainError(error) || error.code === 'not_found') throw error;
          return data<ActionResult>(
            { intent, result: submission.reply({ formErrors: [error.message] }) },
            { status: error.status },
          );
        }
      }
      case 'delete-competitor':
        await deleteCompetitor(user, id, String(form.get('competitorId') ?? ''));
        return await toast('Competitor removed', undefined, '#competitors-title');
      case 'hide-name':
      case 'merge-name':
      case 'undo-correction': {
        const done = await correctionAction(user, id, intent, form);
        return done.ok
          ? await toast(done.title, done.description, '#name-corrections')
          : await refused(done.title, done.description, '#name-corrections');
      }
      case 'run': {
        return await toast(
          'Run started',
          `${runWords(await runNow(user, id))} answers appear in a few minutes.`,
        );
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The business is not the user's (or is gone): a 404, as for the page.
    throwIfBusinessNotFound(error);
    return refused(intent === 'run' ? 'Not run' : 'Error', error.message);
  }
  return redirectWithToast(
    page,
    { title: 'Error', description: 'Unknown action', variant: 'destructive' },
    { request },
  );
}
