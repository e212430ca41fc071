import { useLoaderData } from 'react-router';
import { dayRange } from '~/components/tracking/words';
import {
  describeAllAssistants,
  describeMentions,
  LOW_SAMPLE,
} from '~/domain/tracking/figures/figures';
import type { loader } from './route';

// Issue 32, honest movement: how the intervals are computed, the figures pooled over the last
// periods when this one is too thin, and a change of the plan's schedule.

/** One line on what the likely ranges allow for. */
export function IntervalNote() {
  return (
    <p className="text-sm text-slate-700" data-testid="interval-note">
      Each question is asked several times, and answers to the same question tend to repeat, so the
      likely ranges count each question&apos;s repeats as partly the same answer: they are wider
      than the number of answers alone suggests. Figures from fewer than {LOW_SAMPLE} answers are
      marked as a low sample.
    </p>
  );
}

/** The figures of the last 4 weeks (7 days) together, when this period's are too thin. */
export function PooledFigures() {
  const { visibility } = useLoaderData<typeof loader>();
  const pooled = visibility.pooled;
  if (!pooled) return null;
  const unit = visibility.kind === 'day' ? 'days' : 'weeks';
  const asked = pooled.engines.filter((engine) => engine.samples > 0);
  return (
    <div
      className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-slate-900"
      data-testid="pooled-figures"
    >
      <p className="font-semibold">
        Added up over the last {pooled.periods} {unit} ({dayRange(pooled.start, pooled.end)})
      </p>
      <p className="mt-1 text-slate-700">
        This period has too few answers for a firm figure, so here every question, every{' '}
        {visibility.kind === 'day' ? 'day' : 'week'} and every repeat of the last {pooled.periods}{' '}
        {unit} are added up for each assistant.
      </p>
      <ul className="mt-2 space-y-1">
        <li className="font-medium">
          {describeAllAssistants(pooled.overall, visibility.simulated)}
        </li>
        {asked.map((engine) => (
          <li key={engine.engine} data-engine={engine.engine}>
            {engine.name}: {describeMentions(engine)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const KIND_WORDS = { day: 'every day', week: 'once a week' } as const;

/** Says when the plan's schedule changed and which period the page keeps reporting in. */
export function ScheduleNote() {
  const { visibility } = useLoaderData<typeof loader>();
  const change = visibility.scheduleChange;
  if (!change) return null;
  const since = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${change.since}T00:00:00.000Z`));
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="schedule-change"
    >
      Your plan asks {KIND_WORDS[change.to]} since {since} (it asked {KIND_WORDS[change.from]}{' '}
      before).{' '}
      {change.to === 'day'
        ? 'Figures stay in weeks until there are 30 days of daily answers, so the trend keeps one period.'
        : 'Earlier daily answers are added up by week, so the trend keeps one period.'}
    </p>
  );
}
