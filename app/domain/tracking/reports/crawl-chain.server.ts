import { db } from '~/lib/db.server';
import { engineFilter } from './visibility.server';

// The chain of a period (issue 48): the AI crawlers fetched the site → the assistants' answers
// named the business (from tracking's per-question figures, as the sources page reads them) →
// people came from the assistants. The visit counts come from the crawler report; this adds the
// middle link, one aggregate query.

const DAY_MS = 86_400_000;

export type CitedInAnswers = { samples: number; mentioned: number; simulated: boolean };

export async function citedInAnswers(
  businessId: string,
  days: number,
  now = new Date(),
): Promise<CitedInAnswers> {
  const lt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const gte = new Date(lt.getTime() - days * DAY_MS);
  const engine = engineFilter();
  const sum = await db.trackingPromptStat.aggregate({
    where: { businessId, engine, period: { gte, lt }, samples: { gt: 0 } },
    _sum: { samples: true, mentioned: true },
  });
  return {
    samples: sum._sum.samples ?? 0,
    mentioned: sum._sum.mentioned ?? 0,
    simulated: engine.equals === 'demo',
  };
}
