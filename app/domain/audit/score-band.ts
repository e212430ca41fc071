// The words for a score, on its own so a page that shows only scores (the dashboard's cards) does
// not load the signal definitions with them.

export type ScoreBand = { label: string; tone: 'good' | 'fair' | 'poor' };

export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return { label: 'Ready for AI', tone: 'good' };
  if (score >= 50) return { label: 'Needs work', tone: 'fair' };
  return { label: 'Hard for AI to use', tone: 'poor' };
}
