import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { CompetitorInput, PromptInput } from '~/schemas/tracking';
import type { PublicUser } from '../../accounts.server';
import { DomainError } from '../../errors';
import {
  COMPETITORS_PER_BUSINESS,
  effectiveTier,
  TIER_LABELS,
  TIERS,
  TRACKED_PROMPTS_PER_BUSINESS,
  tierRank,
  type Tier,
} from '../../tiers';
import { normalizeName } from '../reading/names';
import { ownedBusiness } from '../owned.server';
import { promptSuggestions } from './suggestions';

// The owner's side of tracking: the questions asked of the engines for each business (as many as
// the plan allows) and the competitors to look for in the answers. Someone else's business, and
// its prompts, are "not found", as everywhere else.

export const PROMPT_NOT_FOUND_MESSAGE = 'Prompt not found';
export const COMPETITOR_NOT_FOUND_MESSAGE = 'Competitor not found';
export const PROMPT_TAKEN_MESSAGE = 'This business already tracks that question';
export const COMPETITOR_TAKEN_MESSAGE = 'This competitor is on the list already';

export type Owner = Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>;

export type PromptView = { id: string; text: string; createdAt: string };
export type CompetitorView = {
  id: string;
  name: string;
  website: string | null;
  createdAt: string;
};

/** The prompts a plan may track on each business, and the message when an owner asks for more. */
export function promptLimit(owner: Owner, now = new Date()): { tier: Tier; limit: number } {
  const tier = effectiveTier(owner, now);
  return { tier, limit: TRACKED_PROMPTS_PER_BUSINESS[tier] };
}

export function promptLimitMessage(tier: Tier): string {
  const limit = TRACKED_PROMPTS_PER_BUSINESS[tier];
  const next = TIERS.find((other) => tierRank(other) > tierRank(tier));
  const allowance = limit === 1 ? 'one tracked question' : `${limit} tracked questions`;
  return `Your ${TIER_LABELS[tier]} plan includes ${allowance} per business.${
    next
      ? ` The ${TIER_LABELS[next]} plan includes ${TRACKED_PROMPTS_PER_BUSINESS[next]}.`
      : ' Remove one to add another.'
  }`;
}

function promptView(row: { id: string; text: string; createdAt: Date }): PromptView {
  return { id: row.id, text: row.text, createdAt: row.createdAt.toISOString() };
}

/**
 * The business's prompts, oldest first. Bounded by the plan's cap (50 at most), so one query
 * returns them all; after a downgrade the ones past the new cap are kept but not asked.
 */
export async function listPrompts(owner: Pick<PublicUser, 'id'>, businessId: string) {
  await ownedBusiness(owner, businessId);
  const rows = await db.trackedPrompt.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TRACKED_PROMPTS_PER_BUSINESS.authority,
    select: { id: true, text: true, createdAt: true },
  });
  return rows.map(promptView);
}

/** Suggestions from the business's industry and location, less the ones it tracks already. */
export async function suggestPrompts(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
): Promise<string[]> {
  const business = await ownedBusiness(owner, businessId);
  const tracked = await db.trackedPrompt.findMany({
    where: { businessId },
    select: { text: true },
    take: TRACKED_PROMPTS_PER_BUSINESS.authority,
  });
  const have = new Set(tracked.map((row) => row.text.toLowerCase()));
  return promptSuggestions(business).filter((text) => !have.has(text.toLowerCase()));
}

/**
 * Adds a prompt within the plan's cap. The count and the insert run under the owner's lock, so
 * two adds at the same moment cannot both take the last place.
 */
export async function addPrompt(
  owner: Owner,
  businessId: string,
  input: PromptInput,
  now = new Date(),
): Promise<PromptView> {
  await ownedBusiness(owner, businessId);
  const { tier, limit } = promptLimit(owner, now);
  return withOwnerLock(owner.id, 'prompt.add', async (tx) => {
    const existing = await tx.trackedPrompt.findMany({
      where: { businessId },
      select: { text: true },
      take: TRACKED_PROMPTS_PER_BUSINESS.authority + 1,
    });
    if (existing.some((row) => row.text.toLowerCase() === input.text.toLowerCase()))
      throw new DomainError('conflict', PROMPT_TAKEN_MESSAGE);
    if (existing.length >= limit)
      throw new DomainError('forbidden', promptLimitMessage(tier), { limit, tier });
    const row = await tx.trackedPrompt.create({
      data: { businessId, text: input.text },
      select: { id: true, text: true, createdAt: true },
    });
    return promptView(row);
  });
}

export async function updatePrompt(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  promptId: string,
  input: PromptInput,
): Promise<PromptView> {
  await ownedBusiness(owner, businessId);
  // The same question in other letter case is the same question, as when adding one (an exact
  // match let "Best plumber" be saved beside "best plumber").
  const others = await db.trackedPrompt.findMany({
    where: { businessId, id: { not: promptId } },
    select: { text: true },
    take: TRACKED_PROMPTS_PER_BUSINESS.authority,
  });
  if (others.some((row) => row.text.toLowerCase() === input.text.toLowerCase()))
    throw new DomainError('conflict', PROMPT_TAKEN_MESSAGE);
  const updated = await db.trackedPrompt.updateMany({
    where: { id: promptId, businessId },
    data: { text: input.text },
  });
  if (updated.count !== 1) throw new DomainError('not_found', PROMPT_NOT_FOUND_MESSAGE);
  const row = await db.trackedPrompt.findUniqueOrThrow({
    where: { id: promptId },
    select: { id: true, text: true, createdAt: true },
  });
  return promptView(row);
}

/** Removes a prompt; the answers it had stay (they carry the question's text). */
export async function deletePrompt(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  promptId: string,
): Promise<void> {
  await ownedBusiness(owner, businessId);
  const deleted = await db.trackedPrompt.deleteMany({ where: { id: promptId, businessId } });
  if (deleted.count !== 1) throw new DomainError('not_found', PROMPT_NOT_FOUND_MESSAGE);
}

// Competitors -------------------------------------------------------------------------------

export async function listCompetitors(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
): Promise<CompetitorView[]> {
  await ownedBusiness(owner, businessId);
  const rows = await db.competitor.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: COMPETITORS_PER_BUSINESS,
    select: { id: true, name: true, website: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export const COMPETITOR_LIMIT_MESSAGE = `You can name up to ${COMPETITORS_PER_BUSINESS} competitors for each business. Remove one to add another; the answers show the others they name.`;

export async function addCompetitor(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  input: CompetitorInput,
): Promise<CompetitorView> {
  const business = await ownedBusiness(owner, businessId);
  const key = normalizeName(input.name);
  if (!key) throw new DomainError('invalid_input', "Please enter the competitor's name");
  if (key === normalizeName(business.name))
    throw new DomainError('invalid_input', 'That is the name of this business');
  return withOwnerLock(owner.id, 'competitor.add', async (tx) => {
    const existing = await tx.competitor.findMany({
      where: { businessId },
      select: { key: true },
      take: COMPETITORS_PER_BUSINESS + 1,
    });
    if (existing.some((row) => row.key === key))
      throw new DomainError('conflict', COMPETITOR_TAKEN_MESSAGE);
    if (existing.length >= COMPETITORS_PER_BUSINESS)
      throw new DomainError('forbidden', COMPETITOR_LIMIT_MESSAGE);
    const row = await tx.competitor.create({
      data: { businessId, name: input.name, key, website: input.website ?? null },
      select: { id: true, name: true, website: true, createdAt: true },
    });
    return { ...row, createdAt: row.createdAt.toISOString() };
  });
}

export async function deleteCompetitor(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  competitorId: string,
): Promise<void> {
  await ownedBusiness(owner, businessId);
  const deleted = await db.competitor.deleteMany({ where: { id: competitorId, businessId } });
  if (deleted.count !== 1) throw new DomainError('not_found', COMPETITOR_NOT_FOUND_MESSAGE);
}
