import { useLoaderData } from 'react-router';
import type { SourceAction } from '~/domain/tracking/sources/actions';
import { linkStyles } from '~/components/ui/styles';
import type { loader } from './route';

/** Where an action's evidence is: the site's row, or the visibility page's section. */
function evidenceHref(businessId: string, action: SourceAction): string {
  if (action.kind === 'competitor')
    return `/dashboard/businesses/${businessId}/visibility#competitors-title`;
  if (action.kind === 'search_gap')
    return `/dashboard/businesses/${businessId}/visibility#prompts-title`;
  return `#source-${action.domain}`;
}

function Step({ action, businessId }: { action: SourceAction; businessId: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">{action.text}</p>
      <p className="mt-1 text-sm text-slate-700">
        Evidence: {action.answers} of {action.of} answers.{' '}
        <a href={evidenceHref(businessId, action)} className={linkStyles}>
          See the evidence
        </a>
      </p>
      {action.detail ? (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer text-slate-800">Details</summary>
          <p className="mt-1 break-words">{action.detail}</p>
        </details>
      ) : null}
    </li>
  );
}

/** The first three things to do, then the rest of the plan. */
export function ActionPlan() {
  const { report } = useLoaderData<typeof loader>();
  const first = report.actions.slice(0, 3);
  const more = report.actions.slice(3);
  return (
    <section aria-labelledby="plan-title" className="space-y-3">
      <h2 id="plan-title" className="text-2xl font-bold text-slate-900">
        What to do first
      </h2>
      {first.length ? (
        <ol className="space-y-3" data-testid="action-plan">
          {first.map((action) => (
            <Step
              key={`${action.kind}-${action.domain}`}
              action={action}
              businessId={report.business.id}
            />
          ))}
        </ol>
      ) : (
        <p className="text-slate-700">
          Nothing yet: the plan needs answers that cite other sites. It fills in as your questions
          are asked.
        </p>
      )}
      {more.length ? (
        <details>
          <summary className="cursor-pointer font-medium text-slate-900">
            {more.length} more {more.length === 1 ? 'step' : 'steps'}
          </summary>
          <ol className="mt-3 space-y-3" start={4}>
            {more.map((action) => (
              <Step
                key={`${action.kind}-${action.domain}`}
                action={action}
                businessId={report.business.id}
              />
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
