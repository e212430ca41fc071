import { configuredEngines } from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import { LOW_SAMPLE } from '../figures/figures';
import { engineFilter, engineNames, engineRank, type VisibilityPeriod } from './visibility.server';

// The prompts table of the visibility page: each question with, per engine, its answers in the
// period shown, from the per-question counts (TrackingPromptStat), never from the answers, which
// retention deletes. A cell is one question's answers from one engine (3 by default): always a
// low sample on its own, so each is marked, and the figures above the table pool the questions.

const DAY_MS = 86_400_000;

export type PromptRow = {
  id: string;
  text: string;
  createdAt: string;
  /** Asked of the engines (false: past the plan's cap after a downgrade). */
  active: boolean;
  lastAskedAt: string | null;
  /** Per engine, in the current period: answers, how many named the business, best position. */
  engines: {
    engine: string;
    name: string;
    samples: number;
    mentioned: number;
    bestPosition: number | null;
    /** Fewer than 10 answers. */
    lowSample: boolean;
  }[];
};

export async function promptRows(
  business: { id: string },
  limit: number,
  current: VisibilityPeriod | null,
): Promise<PromptRow[]> {
  const names = engineNames();
  const configured = configuredEngines().map((engine) => engine.id as string);
  const [prompts, cells] = await Promise.all([
    db.trackedPrompt.findMany({
      where: { businessId: business.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 50,
      select: { id: true, text: true, createdAt: true, lastAskedAt: true },
    }),
    current
      ? db.trackingPromptStat.groupBy({
          by: ['promptId', 'engine'],
          where: {
            businessId: business.id,
            engine: engineFilter(),
            period: {
              gte: new Date(`${current.start}T00:00:00.000Z`),
              lt: new Date(new Date(`${current.end}T00:00:00.000Z`).getTime() + DAY_MS),
            },
          },
          _sum: { samples: true, mentioned: true },
          _min: { positionBest: true },
        })
      : Promise.resolve([]),
  ]);
  return prompts.map((prompt, index) => {
    const mine = cells.filter(
      (cell) => cell.promptId === prompt.id && (cell._sum.samples ?? 0) > 0,
    );
    const engineIds = [...new Set([...configured, ...mine.map((cell) => cell.engine)])].sort(
      (a, b) => engineRank(a) - engineRank(b),
    );
    return {
      id: prompt.id,
      text: prompt.text,
      createdAt: prompt.createdAt.toISOString(),
      active: index < limit,
      lastAskedAt: prompt.lastAskedAt?.toISOString() ?? null,
      engines: engineIds.map((engine) => {
        const cell = mine.find((each) => each.engine === engine);
        const samples = cell?._sum.samples ?? 0;
        return {
          engine,
          name: names.get(engine) ?? engine,
          samples,
          mentioned: cell?._sum.mentioned ?? 0,
          bestPosition: cell?._min.positionBest ?? null,
          lowSample: samples > 0 && samples < LOW_SAMPLE,
        };
      }),
    };
  });
}
