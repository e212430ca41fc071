import { Form, useLoaderData, useNavigation } from 'react-router';
import { useDates } from '~/components/time-zone';
import { buttonStyles } from '~/components/ui/styles';
import { runScope } from './plan-words';
import type { loader } from './route';

/** "Run now", or why it cannot be pressed: no engine, the month's budget used, the wait. */
export function RunPanel() {
  const { blocked, allowance, limit, nextRound } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const dates = useDates();
  const running = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'run';
  const hours = allowance.intervalHours === 24 ? 'once a day' : 'once an hour';
  return (
    <section
      aria-labelledby="run-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50 p-6"
    >
      <div className="max-w-2xl min-w-0">
        <h2 id="run-title" className="text-lg font-semibold text-slate-900">
          Ask the assistants now
        </h2>
        {blocked ? (
          <p className="mt-1 text-sm text-amber-900" data-testid="tracking-blocked">
            {blocked}
          </p>
        ) : allowance.nextAt ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="run-next">
            Your plan runs these questions on demand {hours}. You can run them again at{' '}
            {dates.dateTime(allowance.nextAt)}.
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">
            {limit.count
              ? runScope({ count: limit.count, limit: limit.limit, hours })
              : 'Add a question below first: it is what the assistants are asked.'}
          </p>
        )}
        {nextRound ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="next-round">
            The next scheduled round starts around {dates.dateTime(nextRound)}.
          </p>
        ) : null}
      </div>
      {!blocked && !allowance.nextAt && limit.count ? (
        <Form method="post">
          <input type="hidden" name="intent" value="run" />
          <button type="submit" className={buttonStyles.primary} disabled={running}>
            {running ? 'Starting…' : 'Run now'}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
