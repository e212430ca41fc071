import type { PublicUser } from '~/domain/accounts.server';
import { db } from '~/lib/db.server';
import { periodStart, wilsonInterval } from '../figures/figures';
import { FACT_KINDS, type FactKind } from '../reading/facts';
import { storedPages } from '../reading/stored';
import { ownedBusiness } from '../owned.server';
import { engineFilter, engineNames, simulatedFigures } from './visibility.server';
import { formatPhone } from '../reading/fact-phone';
import { verdictOf, yoursOf, type OwnerFacts, type Verdict } from '../facts/verdicts';

// The fact check: what the assistants said about the business over the last N days, read from
// the per-day counts (TrackingFactStat), each version judged against the owner's values as they
// are now. The JSON API, the MCP tool and the visibility page show this; its shape is the API's
// (issue 45 item 6).

export const FACT_DAYS_DEFAULT = 30;
export const FACT_DAYS_MAX = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export type FactVersion = {
  value: string;
  /** Null when the owner has not given theirs. */
  verdict: Verdict | null;
  answers: number;
  engines: string[];
  example: { answerId: string; engine: string; quote: string; askedAt: string };
};

export type FactReport = {
  kind: FactKind;
  yours: string | null;
  /** Answers that gave this fact; right + wrong + unclear of them (0 without the owner's value). */
  stated: number;
  right: number;
  wrong: number;
  unclear: number;
  versions: FactVersion[];
};

export type FactCheck = { facts: FactReport[]; simulated: boolean };

type Business = { id: string } & OwnerFacts;

/** The first day counted for the last `days` days (today included, UTC). */
export function factWindowStart(days: number, now: Date): Date {
  return new Date(periodStart(now, 'day').getTime() - (days - 1) * DAY_MS);
}

/** The fact check of one business over its days from `since`; its versions most said first. */
export async function factCheckOf(
  business: Business,
  since: Date,
  until?: Date,
): Promise<FactCheck> {
  const rows = await db.trackingFactStat.findMany({
    where: {
      businessId: business.id,
      engine: engineFilter(),
      period: until ? { gte: since, lt: until } : { gte: since },
    },
    select: {
      engine: true,
      kind: true,
      key: true,
      value: true,
      answers: true,
      lastSeen: true,
      answerId: true,
      quote: true,
    },
  });
  const names = engineNames();
  const facts = FACT_KINDS.map((kind): FactReport => {
    const versions = new Map<string, FactVersion & { latest: Date; engineIds: Set<string> }>();
    for (const row of rows.filter((each) => each.kind === kind)) {
      const version = versions.get(row.key);
      const example = {
        answerId: row.answerId,
        engine: names.get(row.engine) ?? row.engine,
        quote: row.quote,
        askedAt: row.lastSeen.toISOString(),
      };
      if (!version) {
        versions.set(row.key, {
          value: row.value,
          verdict: verdictOf({ kind, key: row.key, value: row.value }, business),
          answers: row.answers,
          engines: [],
          engineIds: new Set([row.engine]),
          example,
          latest: row.lastSeen,
        });
        continue;
      }
      version.answers += row.answers;
      version.engineIds.add(row.engine);
      if (row.lastSeen > version.latest) {
        version.latest = row.lastSeen;
        version.example = example;
        version.value = row.value;
      }
    }
    const list = [...versions.values()]
      .sort((a, b) => b.answers - a.answers || b.latest.getTime() - a.latest.getTime())
      .map(({ latest: _latest, engineIds, ...version }) => ({
        ...version,
        engines: [...engineIds].map((id) => names.get(id) ?? id).sort(),
      }));
    const sum = (verdict: Verdict) =>
      list.filter((each) => each.verdict === verdict).reduce((n, each) => n + each.answers, 0);
    const yours = yoursOf(kind, business);
    return {
      kind,
      yours: kind === 'phone' && yours ? formatPhone(yours) : yours,
      stated: list.reduce((n, each) => n + each.answers, 0),
      right: sum('right'),
      wrong: sum('wrong'),
      unclear: sum('unclear'),
      versions: list,
    };
  });
  return { facts, simulated: simulatedFigures() };
}

/** The owner's business's fact check over the last `days` days; another's: not_found. */
export async function factCheckFor(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  days: number = FACT_DAYS_DEFAULT,
  now = new Date(),
): Promise<FactCheck> {
  await ownedBusiness(owner, businessId);
  const business = await db.business.findUniqueOrThrow({
    where: { id: businessId },
    select: { id: true, phone: true, address: true, openingHours: true, website: true },
  });
  return factCheckOf(business, factWindowStart(days, now));
}

/** The share of answers giving a fact that gave it wrong, with its 95% interval. */
export function wrongShare(fact: Pick<FactReport, 'wrong' | 'stated'>) {
  const judged = fact.stated;
  const { low, high } = wilsonInterval(fact.wrong, judged);
  return { share: judged ? fact.wrong / judged : 0, low, high };
}

/**
 * The pages the example answers of wrong versions cited (while those answers are kept): where
 * the assistant may have read it. Keyed by answer id; at most one answer per version.
 */
export async function citedPagesOf(
  businessId: string,
  answerIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (!answerIds.length) return new Map();
  const rows = await db.trackingAnswer.findMany({
    where: { businessId, id: { in: [...answerIds] } },
    select: { id: true, sources: true },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      storedPages(row.sources)
        .filter((page) => page.kind !== 'retrieved')
        .map((page) => page.url)
        .slice(0, 5),
    ]),
  );
}

/** At most this many wrong versions have their example answer's cited pages read for the page. */
const CITED_LOOKUPS = 20;

/**
 * The visibility page's "What assistants say about you": the fact check of the last
 * FACT_DAYS_DEFAULT days, with, for each wrong version, the pages its example answer cited (while
 * that answer is kept) and the share of answers giving each fact that gave it wrong.
 */
export async function factsOnPage(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  now = new Date(),
) {
  const check = await factCheckFor(owner, businessId, FACT_DAYS_DEFAULT, now);
  const wrongExamples = check.facts
    .flatMap((fact) => fact.versions)
    .filter((version) => version.verdict === 'wrong')
    .map((version) => version.example.answerId)
    .slice(0, CITED_LOOKUPS);
  const cited = await citedPagesOf(businessId, wrongExamples);
  return {
    days: FACT_DAYS_DEFAULT,
    simulated: check.simulated,
    facts: check.facts.map((fact) => ({
      ...fact,
      wrongShare: fact.stated && fact.versions.some((v) => v.verdict) ? wrongShare(fact) : null,
      versions: fact.versions.map((version) => ({
        ...version,
        cited: cited.get(version.example.answerId) ?? [],
      })),
    })),
  };
}

export type FactsOnPage = Awaited<ReturnType<typeof factsOnPage>>;

/**
 * The kinds of fact each business's answers gave wrong, from the facts of its card's query
 * (visibilitySummaries: its answers' facts of the last FACT_DAYS_DEFAULT days), judged against its
 * owner's values as they are now; a business with none has no entry.
 */
export function wrongFactsFrom(
  rows: readonly { businessId: string; kind: string; key: string; value: string }[],
  businesses: readonly Business[],
): Record<string, FactKind[]> {
  const owners = new Map(businesses.map((business) => [business.id, business]));
  const wrong: Record<string, FactKind[]> = {};
  const judged = new Set<string>();
  for (const row of rows) {
    const owner = owners.get(row.businessId);
    const kind = row.kind as FactKind;
    // Each version once (a version is a business's kind and key), as it was first read.
    const version = `${row.businessId}\n${kind}\n${row.key}`;
    if (!owner || judged.has(version)) continue;
    judged.add(version);
    if (verdictOf({ kind, key: row.key, value: row.value }, owner) !== 'wrong') continue;
    const kinds = (wrong[row.businessId] ??= []);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  for (const kinds of Object.values(wrong))
    kinds.sort((a, b) => FACT_KINDS.indexOf(a) - FACT_KINDS.indexOf(b));
  return wrong;
}

const KIND_WORDS: Record<FactKind, string> = {
  phone: 'phone',
  address: 'address',
  hours: 'hours',
  website: 'website',
  status: '“closed”',
};

/** "Wrong phone and hours in AI answers": the card's mark. */
export function describeWrongFacts(kinds: readonly FactKind[]): string | null {
  if (!kinds.length) return null;
  const words = kinds.map((kind) => KIND_WORDS[kind]);
  const list =
    words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `Wrong ${list} in AI answers`;
}

/**
 * The digest's lines on facts newly wrong: versions first given in [start, end) (never before)
 * that are wrong against the owner's values now. "Newly wrong: your phone given as “(512)
 * 555-0100” by ChatGPT (yours: (512) 555-0142)."
 */
export async function newlyWrongFacts(businessId: string, start: Date, end: Date) {
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { id: true, phone: true, address: true, openingHours: true, website: true },
  });
  if (!business) return [];
  const rows = await db.trackingFactStat.findMany({
    where: { businessId, engine: engineFilter(), period: { gte: start, lt: end } },
    orderBy: { lastSeen: 'desc' },
    select: { engine: true, kind: true, key: true, value: true },
  });
  const wrong = new Map<
    string,
    { kind: FactKind; key: string; value: string; engines: Set<string> }
  >();
  for (const row of rows) {
    const kind = row.kind as FactKind;
    const id = `${kind}:${row.key}`;
    const seen = wrong.get(id);
    if (seen) seen.engines.add(row.engine);
    else if (verdictOf({ kind, key: row.key, value: row.value }, business) === 'wrong')
      wrong.set(id, { kind, key: row.key, value: row.value, engines: new Set([row.engine]) });
  }
  if (!wrong.size) return [];
  const before = await db.trackingFactStat.findMany({
    where: {
      businessId,
      engine: engineFilter(),
      period: { lt: start },
      OR: [...wrong.values()].map(({ kind, key }) => ({ kind, key })),
    },
    distinct: ['kind', 'key'],
    select: { kind: true, key: true },
  });
  for (const row of before) wrong.delete(`${row.kind}:${row.key}`);
  const names = engineNames();
  return [...wrong.values()].slice(0, 5).map(({ kind, value, engines }) => {
    const yours = yoursOf(kind, business);
    const shown = kind === 'phone' && yours ? formatPhone(yours) : yours;
    const by = [...engines].map((engine) => names.get(engine) ?? engine).join(', ');
    return `Newly wrong: your ${KIND_WORDS[kind].replace(/[“”]/g, '')} given as “${value}” by ${by}${shown ? ` (yours: ${shown})` : ''}.`;
  });
}
