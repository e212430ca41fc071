import { Form, Link } from 'react-router';
import { buttonStyles, inputStyles, linkStyles } from '~/components/ui/styles';
import type { GuideStep } from '~/domain/tracking/reports/sources-guide.server';
import type { GuideTab } from './guide.server';

function Step({ step }: { step: GuideStep }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">{step.text}</p>
      <p className="mt-1 text-sm text-slate-700">
        {step.evidence}.{' '}
        <Link to={step.href} className={linkStyles}>
          See the evidence
        </Link>
      </p>
      {step.detail ? (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer text-slate-800">Details</summary>
          <p className="mt-1 break-words whitespace-pre-line">{step.detail}</p>
        </details>
      ) : null}
    </li>
  );
}

/**
 * The "AI Optimization Guide" tab: one plan per business, from where the assistants look (the
 * sites their answers cite, and whether the business is on them) and the website audit's fixes.
 */
export function OptimizationGuide({ tab, page }: { tab: GuideTab | null; page: number }) {
  const guide = tab?.guide ?? null;
  const first = guide?.steps.slice(0, 3) ?? [];
  const more = guide?.steps.slice(3) ?? [];
  return (
    <section aria-labelledby="guide-title" className="space-y-6">
      <div>
        <h2 id="guide-title" className="text-2xl font-bold text-slate-900">
          AI Optimization Guide
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          One plan per business: the sites AI assistants rely on for your customers&apos; questions,
          whether you are on them, and your website&apos;s fixes, ranked by the evidence.
        </p>
      </div>
      {tab && tab.choices.length > 1 ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value="guide" />
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <div>
            <label htmlFor="guide-business" className="block text-sm font-medium text-slate-800">
              Business
            </label>
            <select
              id="guide-business"
              name="business"
              defaultValue={guide?.business.id}
              className={`${inputStyles} w-72`}
            >
              {tab.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonStyles.secondary}>
            Show its plan
          </button>
        </Form>
      ) : null}
      {tab?.notFound ? (
        <p role="alert" className="text-red-700">
          Business not found. Choose one of yours.
        </p>
      ) : null}
      {!guide ? (
        tab?.notFound ? null : (
          <p className="text-slate-700">
            Add a business on the Businesses tab: its plan appears here once its questions are asked
            and its website audited.
          </p>
        )
      ) : (
        <div className="space-y-4" data-testid="guide-plan">
          <h3 className="user-text text-xl font-semibold text-slate-900">
            Plan for {guide.business.name}
          </h3>
          {guide.simulated ? (
            <p role="note" className="text-sm text-amber-950">
              Simulated answers: the evidence from AI answers comes from the Demo assistant.
            </p>
          ) : null}
          {first.length ? (
            <>
              <h4 className="font-semibold text-slate-900">The first three things to do</h4>
              <ol className="space-y-3">
                {first.map((step, index) => (
                  <Step key={index} step={step} />
                ))}
              </ol>
            </>
          ) : (
            <p className="text-slate-700">
              Nothing to do yet: track your customers&apos; questions and check your website&apos;s
              AI readiness, and the plan fills in.
            </p>
          )}
          {more.length ? (
            <details>
              <summary className="cursor-pointer font-medium text-slate-900">
                {more.length} more {more.length === 1 ? 'step' : 'steps'}
              </summary>
              <ol className="mt-3 space-y-3" start={4}>
                {more.map((step, index) => (
                  <Step key={index} step={step} />
                ))}
              </ol>
            </details>
          ) : null}
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to={`/dashboard/businesses/${guide.business.id}/sources`} className={linkStyles}>
              Where the assistants look
            </Link>
            <Link to={`/dashboard/businesses/${guide.business.id}/audit`} className={linkStyles}>
              AI readiness report
            </Link>
            <Link
              to={`/dashboard/businesses/${guide.business.id}/visibility`}
              className={linkStyles}
            >
              AI visibility
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
