// One page of a business's answers, newest first, with what each answer read (split from
// visibility.server.ts, which adds up the figures): the raw answers, kept for
// TRACKING_ANSWER_RETENTION_DAYS, where every figure comes from the per-day counts.
import type { Prisma } from '~/generated/prisma/client';
import type { LocationSent } from '~/lib/ai/location';
import { db } from '~/lib/db.server';
import { demoTracking } from '~/lib/env.server';
import type { PublicUser } from '../../accounts.server';
import { correctNames, countedKey, NO_CORRECTIONS } from '../corrections/corrections';
import { normalizeName } from '../reading/names';
import { correctionsOf } from '../corrections/corrections.server';
import { ownedBusiness } from '../owned.server';
import type { NameMatch } from '../reading/reader';
import { answersKeptSince } from '../../retention.server';
import { storedSentences, type LabelledSentence, type SentimentSource } from '../reading/sentiment';
import { storedLocation, storedPages, storedSearches, type AnswerPage } from '../reading/stored';

import { everyNameMarked } from './answer-marks';
import { ANSWERS_PER_PAGE, engineFilter, engineNames } from './visibility.server';

const DAY_MS = 86_400_000;

// Answers ----------------------------------------------------------------------------------

export type AnswerView = {
  id: string;
  engine: string;
  engineName: string;
  model: string;
  promptId: string | null;
  prompt: string;
  text: string;
  mentioned: boolean;
  position: number | null;
  /** The answer cited the business's site. */
  cited: boolean;
  /** Its search returned the site and it did not cite it. */
  retrieved: boolean;
  /** Recorded before cited and retrieved were told apart, with the site among its pages. */
  citedOrRetrieved: boolean;
  citedNotNamed: boolean;
  /** Each page once: cited ones first, then those the search only returned. */
  sources: AnswerPage[];
  /** The searches the engine ran for the prompt. */
  searches: string[];
  /** Where the question was asked from, as sent (null: no place, or not kept then). */
  location: LocationSent | null;
  competitors: { name: string; position: number }[];
  askedAt: string;
  /** Where the business's and the competitors' names are in `text`, for highlighting. */
  matches: NameMatch[];
  /** The sentences naming the business, labelled; null: not read for them (recorded before). */
  sentences: LabelledSentence[] | null;
  /** Who labelled them: the extraction model or the labeller. */
  sentimentBy: SentimentSource | null;
};

export type AnswerFilter = {
  engine?: string;
  promptId?: string;
  mentioned?: boolean;
  /** Answers asked from this day (inclusive) to this day (inclusive), as "2026-11-23". */
  from?: string;
  to?: string;
};

export type AnswersPage = {
  items: AnswerView[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

function parseJson<T>(value: string, fallback: T): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** One page of the business's answers, newest first (failed calls are not answers). */
export async function listAnswers(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  {
    page = 1,
    perPage = ANSWERS_PER_PAGE,
    filter = {} as AnswerFilter,
    clampToLastPage = true,
  } = {},
): Promise<AnswersPage> {
  await ownedBusiness(owner, businessId);
  const engine: Prisma.StringFilter =
    filter.engine && (filter.engine === 'demo') === demoTracking
      ? { equals: filter.engine }
      : engineFilter();
  const where: Prisma.TrackingAnswerWhereInput = {
    businessId,
    status: 'answered',
    engine,
    ...(filter.promptId ? { promptId: filter.promptId } : {}),
    ...(filter.from || filter.to
      ? {
          askedAt: {
            ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00.000Z`) } : {}),
            ...(filter.to
              ? { lt: new Date(new Date(`${filter.to}T00:00:00.000Z`).getTime() + DAY_MS) }
              : {}),
          },
        }
      : {}),
    ...(filter.mentioned !== undefined ? { mentioned: filter.mentioned } : {}),
  };
  // The whole list (an engine at most): the per-day counts kept with every answer stored add up
  // to it in a row per engine and day, where counting the answers reads an index entry per answer
  // (a year of daily answers made the page 3x slower than a new business's; bench:tracking).
  // Only the days whose raw answers are still kept (TRACKING_ANSWER_RETENTION_DAYS) count: the
  // retention job deletes answers from the start of a UTC day, the days the counts are kept by.
  const wholeList =
    !filter.promptId && !filter.from && !filter.to && filter.mentioned === undefined;
  const total = wholeList
    ? ((
        await db.trackingStat.aggregate({
          where: { businessId, engine, period: { gte: answersKeptSince() } },
          _sum: { samples: true },
        })
      )._sum.samples ?? 0)
    : await db.trackingAnswer.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = clampToLastPage ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const rows = await db.trackingAnswer.findMany({
    where,
    orderBy: [{ askedAt: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * perPage,
    take: perPage,
    select: {
      id: true,
      engine: true,
      model: true,
      promptId: true,
      prompt: true,
      text: true,
      mentioned: true,
      position: true,
      cited: true,
      retrieved: true,
      citedOrRetrieved: true,
      citedNotNamed: true,
      sources: true,
      searches: true,
      location: true,
      competitors: true,
      highlights: true,
      sentences: true,
      sentimentBy: true,
      askedAt: true,
    },
  });
  const names = engineNames();
  const [corrections, known] = rows.length
    ? await Promise.all([
        correctionsOf(businessId),
        // The owner's own competitors (at most 10): marked wherever an answer names them.
        db.competitor
          .findMany({ where: { businessId }, select: { name: true } })
          .then((list) => list.map(({ name }) => name)),
      ])
    : [NO_CORRECTIONS, []];
  return {
    items: rows.map((row) => {
      // The owner's corrections: hidden names left out, merged ones under their other name.
      const named = correctNames(
        parseJson<{ name: string; position: number }[]>(row.competitors, []),
        corrections,
        normalizeName,
      );
      const read = parseJson<NameMatch[]>(row.highlights, []).filter(
        (match) =>
          match.kind === 'business' ||
          countedKey(corrections, normalizeName(row.text.slice(match.start, match.end))) !== null,
      );
      // Every occurrence of a name the answer is counted as naming, and of the owner's own
      // competitors, is marked alike (answer-marks.ts).
      const matches = everyNameMarked(row.text, read, [
        ...named.map(({ name }) => name),
        ...read
          .filter((match) => match.kind === 'competitor')
          .map((match) => row.text.slice(match.start, match.end)),
        ...known,
      ]);
      return {
        id: row.id,
        engine: row.engine,
        engineName: names.get(row.engine) ?? row.engine,
        model: row.model,
        promptId: row.promptId,
        prompt: row.prompt,
        text: row.text,
        mentioned: row.mentioned,
        position: row.position,
        cited: row.cited,
        retrieved: row.retrieved,
        citedOrRetrieved: row.citedOrRetrieved,
        citedNotNamed: row.citedNotNamed,
        sources: storedPages(row.sources),
        searches: storedSearches(row.searches),
        location: storedLocation(row.location),
        competitors: named.map(({ name, position }) => ({ name, position })),
        askedAt: row.askedAt.toISOString(),
        matches,
        sentences: storedSentences(row.sentences),
        sentimentBy:
          row.sentimentBy === 'model' || row.sentimentBy === 'library' ? row.sentimentBy : null,
      };
    }),
    total,
    page: current,
    perPage,
    pageCount,
  };
}
