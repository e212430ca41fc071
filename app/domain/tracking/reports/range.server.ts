import { configuredEngines } from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import type { PublicUser } from '../../accounts.server';
import {
  addCounts,
  figuresFromCounts,
  NO_COUNTS,
  type FigureCounts,
  type Figures,
} from '../figures/figures';
import { offsetAt } from '../corrections/corrections';
import { correctionCounts, correctionsOf } from '../corrections/corrections.server';
import { ownedBusiness } from '../owned.server';
import { allEngines, questionsBetween } from '../figures/question-figures.server';
import {
  COUNT_FIELDS,
  countsOfRow,
  engineFilter,
  engineNames,
  engineRank,
  isoDay,
} from './visibility.server';

// A business's figures over any range of whole days (UTC), per engine and overall, for callers
// that choose the range (the MCP server's get_visibility). Added up from the per-day counts
// (TrackingStat) with the owner's name corrections applied, as the visibility page does for its
// periods: a year costs a few hundred rows, never the answers themselves.

const DAY_MS = 86_400_000;
/** The longest range one call adds up. */
export const RANGE_MAX_DAYS = 366;

export type RangeFigures = {
  from: string;
  to: string;
  engines: (Figures & { engine: string; name: string })[];
  overall: Figures;
  /** Calls that failed in the range (they count in no figure). */
  failed: number;
};

/** `from` and `to` as "YYYY-MM-DD", both included; the caller checked the range's length. */
export async function visibilityOverRange(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  range: { from: string; to: string },
): Promise<RangeFigures> {
  const business = await ownedBusiness(owner, businessId);
  const gte = new Date(`${range.from}T00:00:00.000Z`);
  const lt = new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + DAY_MS);
  const window = { gte, lt };
  const [stats, questionRows] = await Promise.all([
    db.trackingStat.findMany({
      where: { businessId: business.id, engine: engineFilter(), period: window },
      select: { engine: true, period: true, failed: true, ...COUNT_FIELDS },
    }),
    // Per question too: the intervals account for the repeats of one question (decision 20).
    questionsBetween([business.id], engineFilter(), gte, lt),
  ]);
  const questions = questionRows.get(business.id);
  const corrections = stats.length ? await correctionsOf(business.id) : null;
  const corrected = corrections
    ? await correctionCounts(business.id, corrections, engineFilter(), window)
    : null;
  const byEngine = new Map<string, FigureCounts>();
  let failed = 0;
  for (const row of stats) {
    const counts = countsOfRow(row);
    if (corrected)
      counts.otherNames = Math.max(
        0,
        counts.otherNames - offsetAt(corrected.offsets, row.engine, row.period),
      );
    byEngine.set(row.engine, addCounts(byEngine.get(row.engine) ?? NO_COUNTS, counts));
    failed += row.failed;
  }
  const names = engineNames();
  const ids = [
    ...new Set([...configuredEngines().map((engine) => engine.id as string), ...byEngine.keys()]),
  ].sort((a, b) => engineRank(a) - engineRank(b) || a.localeCompare(b));
  const total = [...byEngine.values()].reduce(addCounts, NO_COUNTS);
  return {
    from: isoDay(gte),
    to: isoDay(new Date(lt.getTime() - DAY_MS)),
    engines: ids.map((engine) => ({
      engine,
      name: names.get(engine) ?? engine,
      ...figuresFromCounts(byEngine.get(engine) ?? NO_COUNTS, [
        ...(questions?.get(engine)?.values() ?? []),
      ]),
    })),
    overall: figuresFromCounts(total, allEngines(questions)),
    failed,
  };
}
