import { configuredEngines, type EngineConfig } from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { askTracked } from './runs.server';
import { periodStart } from '../figures/figures';

// `npm run demo`'s tracking history: the Demo assistant asked each demo business's prompts once a
// week for the past weeks, through the same path as a real round (askTracked with a clock set in
// the past), so a visitor sees a trend and a page of answers before pressing Run now.

/** The Demo assistant's settings, as the engines module gives them when the demo is on. */
const DEMO_ENGINES: EngineConfig[] = configuredEngines(env, true);

const noLimit = { acquire: async () => undefined };

/** Asks every prompt of the business `samples` times in each of the last `weeks` weeks. */
export async function seedDemoHistory(
  businessId: string,
  { weeks = 8, now = new Date(), samples = env.TRACKING_SAMPLES } = {},
): Promise<number> {
  const prompts = await db.trackedPrompt.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 50,
    select: { id: true },
  });
  let answered = 0;
  const thisWeek = periodStart(now, 'week');
  for (let week = weeks; week >= 1; week -= 1) {
    // Tuesday 10:00 UTC of each past week.
    const at = new Date(thisWeek.getTime() - week * 7 * 86_400_000 + 86_400_000 + 10 * 3_600_000);
    const round = `seed-${at.toISOString().slice(0, 10)}`;
    for (const prompt of prompts)
      for (let sample = 1; sample <= samples; sample += 1) {
        const outcome = await askTracked(
          { businessId, promptId: prompt.id, engine: 'demo', sample, round },
          undefined,
          { engines: DEMO_ENGINES, limiter: noLimit, now: () => at },
        );
        if (outcome === 'answered') answered += 1;
      }
  }
  return answered;
}
