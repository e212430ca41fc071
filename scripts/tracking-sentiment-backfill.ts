// `npm run tracking:sentiment-backfill`: reads the answers recorded before their sentences naming
// the business were kept (TrackingAnswer.sentences null), labels those sentences from the stored
// text and name highlights with the labeller, and adds them to the per-day counts the visibility
// page reads (TrackingSentimentStat). Safe to run again or on two machines at once: each answer
// is claimed and counted in one transaction. Answers deleted by the retention job are gone and
// stay uncounted. Run once after deploying the migration 20261127103230_tracking_sentiment.
import { backfillSentiment } from '~/domain/tracking/rounds/sentiment.server';
import { db } from '~/lib/db.server';

const read = await backfillSentiment();
console.log(
  `Read ${read} ${read === 1 ? 'answer' : 'answers'} for how they describe the business.`,
);
await db.$disconnect();
