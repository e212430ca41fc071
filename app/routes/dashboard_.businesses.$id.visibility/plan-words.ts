// What the visibility page says about the plan's question limit (issue 44, item 3), in words that
// agree with each other when a plan went down (or lapsed) below the questions tracked: what is
// tracked, what this plan asks from now on, and that past answers stay as they were. Pure.

function questions(n: number): string {
  return n === 1 ? '1 question' : `${n} questions`;
}

/** "3 of 5 questions on your DIY All-In plan", or, over the limit, what is asked from now on. */
export function trackedSummary({
  count,
  limit,
  plan,
}: {
  count: number;
  limit: number;
  plan: string;
}): string {
  if (count <= limit)
    return `${count} of ${limit} ${limit === 1 ? 'question' : 'questions'} on your ${plan} plan`;
  return `${questions(count)} tracked. Your ${plan} plan asks the first ${limit === 1 ? 'one' : limit} from now on; the others keep the answers they already had.`;
}

/** The note on a question past the plan's limit (its past figures stay beside it). */
export function notAskedNote({ limit, plan }: { limit: number; plan: string }): string {
  return `Not asked from now on: your ${plan} plan asks ${questions(limit)}. Its past answers stay.`;
}

/** What Run now asks: only the questions the plan includes. */
export function runScope({
  count,
  limit,
  hours,
}: {
  count: number;
  limit: number;
  hours: string;
}): string {
  const asked = Math.min(count, limit);
  const which =
    count > limit
      ? `the first ${asked === 1 ? '' : `${asked} `}of the ${count} questions you track (your plan includes ${asked})`
      : asked === 1
        ? 'your tracked question'
        : `your ${asked} tracked questions`;
  return `Asks ${which} of every assistant, several times each. Your plan allows this ${hours}.`;
}
