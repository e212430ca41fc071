// Storing what an engine answered (or that it failed) and what the call cost, split from
// runs.server.ts (which asks): each answer is kept once under its job's key, with every count the
// figures are read from (TrackingStat, the per-question, name, site, search and sentiment counts)
// in the same transaction, retried on a busy database so an answer in hand is never asked again.
import type { Prisma } from '~/generated/prisma/client';
import type { LocationSent } from '~/lib/ai/location';
import { type Extraction, type ExtractionFailure } from '~/lib/ai/extraction.server';
import { type EngineId } from '~/lib/ai/engines.server';
import { db, type TransactionClient } from '~/lib/db.server';
import { addPromptAnswer, addPromptFailure } from './prompt-stats.server';
import {
  countsOf,
  distinctNames,
  periodStart,
  siteKinds,
  type PeriodKind,
} from '../figures/figures';
import { extractionSpend, type SpendLine } from '../reading/extract.server';
import { type readAnswer, type AnswerSource } from '../reading/reader';
import { searchCounts } from '../reading/searches';
import { ownLines } from '../reading/segments';
import { answerSentiment, type LabelledSentence } from '../reading/sentiment';
import { countSentences } from './sentiment.server';
import { countFacts } from '../facts/store.server';
import type { AnswerFact } from '../reading/facts';
import { citedPages, countSources, namesKept } from '../sources/counts.server';

export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

function dayOf(date: Date): Date {
  return periodStart(date, 'day');
}

type StoreBase = {
  runKey: string;
  businessId: string;
  promptId: string;
  prompt: string;
  engine: EngineId;
  sample: number;
  periodKind: PeriodKind;
  model: string;
};

/**
 * Database failures a second try can fix: a concurrent writer created the same new row first
 * (P2002), PostgreSQL aborted a transaction (P2034), a transaction waited too long for its turn or
 * a connection (P2028, P2024).
 */
const TRANSIENT = new Set(['P2002', 'P2034', 'P2028', 'P2024']);

/**
 * Runs `fn` again after a transient database failure, with backoff. Storing an answer already in
 * hand goes through here, so a busy database never makes the job fail and ask the engine (and pay
 * for the answer) a second time.
 */
async function retryConflicts<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      const code = typeof error === 'object' && error && 'code' in error ? error.code : null;
      if (typeof code !== 'string' || !TRANSIENT.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, 50 * 2 ** attempt * (0.5 + Math.random())),
      );
    }
  }
}

/**
 * A busy database (many engines' answers at once) may keep a transaction waiting for a connection
 * or for the rows it shares with others longer than Prisma's defaults (2 s, 5 s).
 */
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 30_000 };

type AnswerFields = Omit<
  Prisma.TrackingAnswerUncheckedCreateInput,
  keyof StoreBase | 'businessId' | 'period' | 'periodKind' | 'askedAt'
>;

/**
 * Keeps one asked question (an answer or a failure) once: in one transaction, unless its key is
 * kept already, the row, the prompt's "last asked", the day's counts (`counts`) and the month's
 * spend. Run again when a concurrent writer created the same new count row first.
 */
async function keepOnce(
  input: StoreBase,
  askedAt: Date,
  fields: AnswerFields,
  counts: (
    tx: TransactionClient,
    key: { businessId: string; engine: string; period: Date },
    answerId: string,
  ) => Promise<void>,
  spend: SpendDelta,
  extraSpend?: SpendLine,
): Promise<void> {
  const { businessId, engine } = input;
  await retryConflicts(() =>
    db.$transaction(async (tx) => {
      const kept = await tx.trackingAnswer.findUnique({
        where: { runKey: input.runKey },
        select: { id: true },
      });
      if (kept) return;
      const { id: answerId } = await tx.trackingAnswer.create({
        select: { id: true },
        data: {
          runKey: input.runKey,
          businessId,
          promptId: input.promptId,
          prompt: input.prompt,
          engine,
          model: input.model,
          period: periodStart(askedAt, input.periodKind),
          periodKind: input.periodKind,
          sample: input.sample,
          askedAt,
          ...fields,
        },
      });
      await tx.trackedPrompt.updateMany({
        where: { id: input.promptId },
        data: { lastAskedAt: askedAt },
      });
      await counts(tx, { businessId, engine, period: dayOf(askedAt) }, answerId);
      // Last: every business's answers from this engine share this row, so it is locked only
      // for the commit.
      await spendUpsert(tx, engine, askedAt, spend);
      if (extraSpend) {
        const { engine: key, ...delta } = extraSpend;
        await spendUpsert(tx, key, askedAt, delta);
      }
    }, TRANSACTION_LIMITS),
  );
}

export async function storeFailure(
  input: StoreBase & { error: string; attempts: number },
  askedAt: Date,
): Promise<void> {
  await keepOnce(
    input,
    askedAt,
    {
      status: 'failed',
      error: input.error.slice(0, 500),
      text: '',
      sources: '[]',
      attempts: input.attempts,
    },
    async (tx, key) => {
      await tx.trackingStat.upsert({
        where: { businessId_engine_period: key },
        create: { ...key, periodKind: 'day', failed: 1 },
        update: { failed: { increment: 1 } },
      });
      await addPromptFailure(tx, key, input.promptId, input.periodKind);
    },
    { failures: 1, calls: 1, error: input.error },
  );
}

/** Keeps one read answer and its counts (exported for the page tests, which store answers as a round does). */
export async function storeAnswer(
  input: StoreBase & {
    text: string;
    sources: AnswerSource[];
    /** The searches the engine ran; none when it does not say. */
    searches?: string[];
    /** Where the question was asked from, as sent. */
    location?: LocationSent | null;
    reading: ReturnType<typeof readAnswer>;
    usage: { inputTokens: number; outputTokens: number };
    costUsd: number;
    latencyMs: number;
    attempts: number;
    website: string | null;
    /** The extraction model's call for this answer (its spend is counted with it), if any. */
    extraction?: Extraction | ExtractionFailure | null;
    /**
     * The extraction model's sentences naming the business with their labels, when it gave any
     * the answer contains; else the labeller labels the sentences the reader found (sentiment.ts).
     */
    modelSentences?: readonly LabelledSentence[] | null;
    /** What the answer states about the business (reading/facts.ts), one version of each kind. */
    facts?: readonly AnswerFact[];
  },
  askedAt: Date,
): Promise<void> {
  const { reading } = input;
  const competitors = reading.competitors.map(({ name, position, known }) => ({
    name,
    position,
    known,
  }));
  const counts = countsOf({
    engine: input.engine,
    askedAt,
    mentioned: reading.mentioned,
    position: reading.position,
    cited: reading.cited,
    retrieved: reading.retrieved,
    citedOrRetrieved: reading.citedOrRetrieved,
    competitors,
    sources: input.sources,
  });
  const names = distinctNames({ competitors });
  // Each site once, cited when the answer cited (or linked) a page on it.
  const sites = siteKinds([
    ...input.sources,
    ...reading.citedUrls.map((url) => ({ url, cited: true })),
  ]);
  const searches = searchCounts(input.searches ?? []);
  // The sources report's counts (issue 46): the cited pages, and the names kept with their sites.
  const pages = citedPages(input.sources, reading.citedUrls);
  const sourceNames = namesKept(competitors);
  // The search found the business's site when the answer's pages held it, cited or not.
  const withSite = reading.cited || reading.retrieved || reading.citedOrRetrieved ? 1 : 0;
  const sentiment = answerSentiment(
    input.text,
    reading.matches,
    input.modelSentences,
    ownLines(reading.segments),
  );
  await keepOnce(
    input,
    askedAt,
    {
      status: 'answered',
      text: input.text,
      sources: JSON.stringify(
        input.sources.map(({ url, title, cited }) => ({ url, title: title ?? null, cited })),
      ),
      searches: JSON.stringify(input.searches ?? []),
      location: input.location ? JSON.stringify(input.location) : null,
      mentioned: reading.mentioned,
      position: reading.position,
      cited: reading.cited,
      retrieved: reading.retrieved,
      citedOrRetrieved: reading.citedOrRetrieved,
      citedNotNamed: reading.citedNotNamed,
      competitors: JSON.stringify(competitors),
      highlights: JSON.stringify(
        reading.matches.map(({ start, end, kind }) => ({ start, end, kind })),
      ),
      sentences: JSON.stringify(sentiment.sentences),
      sentimentBy: sentiment.by,
      facts: JSON.stringify(input.facts ?? []),
      inputTokens: input.usage.inputTokens,
      outputTokens: input.usage.outputTokens,
      costUsd: input.costUsd,
      latencyMs: input.latencyMs,
      attempts: input.attempts,
    },
    async (tx, key, answerId) => {
      await tx.trackingStat.upsert({
        where: { businessId_engine_period: key },
        create: { ...key, periodKind: 'day', ...counts },
        update: {
          samples: { increment: counts.samples },
          mentioned: { increment: counts.mentioned },
          cited: { increment: counts.cited },
          positionSum: { increment: counts.positionSum },
          positionCount: { increment: counts.positionCount },
          otherNames: { increment: counts.otherNames },
          retrieved: { increment: counts.retrieved },
          citedOrRetrieved: { increment: counts.citedOrRetrieved },
          citedNotNamed: { increment: counts.citedNotNamed },
        },
      });
      await addPromptAnswer(tx, key, input.promptId, input.periodKind, reading);
      for (const [nameKey, { name, known }] of names)
        await tx.trackingNameStat.upsert({
          where: { businessId_engine_period_key: { ...key, key: nameKey } },
          create: { ...key, key: nameKey, name, known, mentions: 1, firstSeen: askedAt },
          update: { mentions: { increment: 1 }, ...(known ? { known: true, name } : {}) },
        });
      for (const [domain, kind] of sites) {
        const cited = kind === 'cited' ? 1 : 0;
        const retrieved = kind === 'retrieved' ? 1 : 0;
        await tx.trackingDomainStat.upsert({
          where: { businessId_engine_period_domain: { ...key, domain } },
          create: { ...key, domain, answers: 1, cited, retrieved },
          update: {
            answers: { increment: 1 },
            cited: { increment: cited },
            retrieved: { increment: retrieved },
          },
        });
      }
      for (const [searchKey, query] of searches)
        await tx.trackingSearchStat.upsert({
          where: {
            businessId_promptId_engine_period_key: {
              ...key,
              promptId: input.promptId,
              key: searchKey,
            },
          },
          create: {
            ...key,
            promptId: input.promptId,
            key: searchKey,
            query,
            answers: 1,
            withSite,
            counted: 1,
          },
          update: {
            answers: { increment: 1 },
            withSite: { increment: withSite },
            counted: { increment: 1 },
          },
        });
      await countSources(tx, key, {
        promptId: input.promptId,
        mentioned: reading.mentioned,
        pages,
        names: sourceNames,
      });
      await countSentences(tx, key, sentiment.sentences);
      await countFacts(tx, key, answerId, askedAt, input.facts ?? []);
    },
    {
      calls: 1,
      inputTokens: input.usage.inputTokens,
      outputTokens: input.usage.outputTokens,
      costUsd: input.costUsd,
    },
    input.extraction ? extractionSpend(input.extraction) : undefined,
  );
}

type SpendDelta = {
  calls?: number;
  failures?: number;
  skipped?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  error?: string;
};

async function spendUpsert(
  tx: Pick<typeof db, 'trackingSpend'>,
  engine: string,
  now: Date,
  delta: SpendDelta,
): Promise<void> {
  const month = monthKey(now);
  const { error, ...counts } = delta;
  const errorFields = error ? { lastError: error.slice(0, 500), lastErrorAt: now } : {};
  await tx.trackingSpend.upsert({
    where: { month_engine: { month, engine } },
    create: { month, engine, ...counts, ...errorFields },
    update: {
      ...Object.fromEntries(
        Object.entries(counts).map(([field, value]) => [field, { increment: value }]),
      ),
      ...errorFields,
    },
  });
}

export async function recordSpend(engine: string, now: Date, delta: SpendDelta): Promise<void> {
  await retryConflicts(() => spendUpsert(db, engine, now, delta));
}
