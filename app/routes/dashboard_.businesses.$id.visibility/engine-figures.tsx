import { Link, useLoaderData } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import {
  describeAllAssistants,
  describeCitations,
  describeMentions,
  describePosition,
} from '~/domain/tracking/figures/figures';
import { CitationLines } from './citation-lines';
import { IntervalNote, PooledFigures, ScheduleNote } from './pooled-figures';
import type { loader } from './route';

/** Below this mention rate the page points at the readiness audit's fixes. */
const LOW_MENTION_RATE = 0.3;

/** The overall line, one card per engine, and where to look when a figure is low. */
export function EngineFigures({ change }: { change: string | null }) {
  const { business, visibility } = useLoaderData<typeof loader>();
  const { overall, engines, failed } = visibility;
  const audit = `/dashboard/businesses/${business.id}/audit`;
  if (!visibility.current)
    return (
      <div
        className="rounded-lg border border-dashed border-slate-300 p-8 text-center"
        data-testid="no-answers"
      >
        <p className="font-semibold text-slate-900">No answers yet</p>
        <p className="mt-1 text-sm text-slate-700">
          Once the assistants have been asked your questions, how often they name {business.name}{' '}
          shows here. Add a question and press Run now, or wait for your plan&apos;s next scheduled
          round.
        </p>
      </div>
    );
  const asked = engines.filter((engine) => engine.samples > 0);
  // "All assistants, simulated answers:" (the label before the number) and the figure in bold.
  const headline = describeAllAssistants(overall, visibility.simulated);
  const split = headline.indexOf(': ') + 1;
  return (
    <div className="space-y-4">
      <ScheduleNote />
      <div
        className="rounded-lg border border-slate-200 bg-white p-5"
        data-testid="overall-figures"
      >
        <p className="text-lg text-slate-900" data-testid="overall-mentions">
          {headline.slice(0, split)}{' '}
          <span className="font-semibold">{headline.slice(split + 1)}</span>
        </p>
        {change ? (
          <p className="mt-1 text-sm text-slate-700" data-testid="visibility-change">
            {change[0]!.toUpperCase() + change.slice(1)}.
          </p>
        ) : null}
        {failed > 0 ? (
          <p className="mt-1 text-sm text-amber-900" data-testid="failed-calls">
            {failed === 1 ? '1 call' : `${failed} calls`} to the assistants failed in this period
            and count in no figure.
          </p>
        ) : null}
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {asked.map((engine) => (
          <li
            key={engine.engine}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="engine-figures"
            data-engine={engine.engine}
          >
            <h3 className="text-lg font-semibold text-slate-900">{engine.name}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div>
                <dt className="inline font-medium text-slate-600">Mentions: </dt>
                <dd className="inline text-slate-900">{describeMentions(engine)}</dd>
              </div>
              <div>
                <dt className="inline font-medium text-slate-600">Citations: </dt>
                <dd className="inline text-slate-900">{describeCitations(engine)}</dd>
              </div>
              <CitationLines figures={engine} />
              <div>
                <dt className="inline font-medium text-slate-600">Position: </dt>
                <dd className="inline text-slate-900">{describePosition(engine)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <PooledFigures />
      <IntervalNote />
      {overall.samples > 0 && (overall.cited === 0 || overall.mentionRate < LOW_MENTION_RATE) ? (
        <ul
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="visibility-hints"
        >
          {overall.cited === 0 ? (
            <li>
              {!business.website
                ? 'No answer can cite your site: this business has no website yet. '
                : overall.retrieved > 0
                  ? `The assistants' searches found your site in ${overall.retrieved} of ${overall.samples} answers, but no answer cited it: pages that answer the question directly, with clear business details, are cited more. `
                  : "Your site isn't cited in any answer: check crawler access and your pages' basics. "}
              <Link to={`${audit}#fixes-title`} className={linkStyles}>
                See the fixes in your AI readiness report
              </Link>
            </li>
          ) : null}
          {overall.mentionRate < LOW_MENTION_RATE ? (
            <li>
              The assistants name you in fewer than {LOW_MENTION_RATE * 100}% of answers. Clear
              business details on your site help them understand and recommend you.{' '}
              <Link to={`${audit}#fixes-title`} className={linkStyles}>
                Check your AI readiness fixes
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
