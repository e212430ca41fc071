import { Link, useLoaderData } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import type { loader } from './route';

// The crawler visits page's sections: the chain of the period, each agent (visits by day as a bar
// row, verified or not, top pages, the share refused or failed), referrals per assistant, and the
// imports with their progress. Server-rendered; no chart library.

const share = (part: number, whole: number) =>
  whole ? `${Math.round((part / whole) * 100)}%` : '0%';

export function ChainSection() {
  const { chain, visits, business } = useLoaderData<typeof loader>();
  const steps = [
    {
      label: 'Crawled',
      value: `${chain.crawled} AI crawler ${chain.crawled === 1 ? 'visit' : 'visits'}`,
      detail: `${chain.verified} verified`,
    },
    {
      label: 'Named in answers',
      value: chain.cited.samples
        ? `${chain.cited.mentioned} of ${chain.cited.samples} answers`
        : 'No answers tracked',
      detail: chain.cited.simulated ? 'simulated answers' : 'from your tracked questions',
    },
    {
      label: 'Visits from the assistants',
      value: `${chain.referred} ${chain.referred === 1 ? 'visit' : 'visits'}`,
      detail: `${visits.referrals.length} ${visits.referrals.length === 1 ? 'assistant' : 'assistants'}`,
    },
  ];
  return (
    <section aria-labelledby="chain-title">
      <h2 id="chain-title" className="text-xl font-semibold text-slate-900">
        From crawl to customer
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="crawler-chain">
        {steps.map((step, index) => (
          <li key={step.label} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm font-medium text-slate-600">
              {index + 1}. {step.label}
            </p>
            <p className="mt-1 text-lg font-semibold text-slate-900">{step.value}</p>
            <p className="text-sm text-slate-700">{step.detail}</p>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-slate-700">
        Answers are those of{' '}
        <Link to={`/dashboard/businesses/${business.id}/visibility`} className={linkStyles}>
          your AI visibility
        </Link>{' '}
        over the same days.
      </p>
    </section>
  );
}

export function AgentsSection() {
  const { visits, purposes } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="agents-title">
      <h2 id="agents-title" className="text-xl font-semibold text-slate-900">
        AI crawlers
      </h2>
      {visits.agents.length === 0 ? (
        <p className="mt-2 text-slate-700">No AI crawler visits in these days.</p>
      ) : (
        <ul className="mt-3 space-y-4" data-testid="crawler-agents">
          {visits.agents.map((agent) => {
            const peak = Math.max(1, ...agent.byDay.map((day) => day.visits));
            return (
              <li
                key={agent.agent}
                className="rounded-lg border border-slate-200 bg-white p-4"
                data-testid="crawler-agent"
              >
                <h3 className="text-lg font-semibold text-slate-900">
                  {agent.agent}{' '}
                  <span className="text-sm font-normal text-slate-700">
                    {agent.vendor ?? 'unknown vendor'} · {purposes[agent.purpose]}
                  </span>
                </h3>
                <p className="mt-1 text-sm text-slate-800">
                  {agent.visits} visits: {agent.verified} verified, {agent.unverified} unverified
                  {agent.verifiable ? '' : ' (its vendor publishes no addresses)'} · refused (4xx){' '}
                  {share(agent.statuses['4xx'], agent.visits)} · server errors (5xx){' '}
                  {share(agent.statuses['5xx'], agent.visits)} · last seen {agent.lastSeen}
                </p>
                <table className="mt-3 text-sm">
                  <caption className="sr-only">Visits of {agent.agent} by day</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="pr-4 text-left font-medium text-slate-600">
                        Day
                      </th>
                      <th scope="col" className="text-left font-medium text-slate-600">
                        Visits
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {agent.byDay.map((day) => (
                      <tr key={day.day}>
                        <td className="pr-4 text-slate-700 tabular-nums">{day.day}</td>
                        <td className="flex items-center gap-2 tabular-nums">
                          {/* A native meter: no inline style (the CSP refuses them). */}
                          <meter
                            aria-hidden="true"
                            value={day.visits}
                            min={0}
                            max={peak}
                            className="h-2 w-40"
                          />
                          {day.visits}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <PageList title={`Pages ${agent.agent} fetched most`} pages={agent.topPages} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function PageList({ title, pages }: { title: string; pages: { path: string; visits: number }[] }) {
  if (!pages.length) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-medium text-slate-600">{title}</h4>
      <ol className="mt-1 space-y-0.5 text-sm">
        {pages.map((page) => (
          <li key={page.path} className="flex gap-3">
            <span className="user-text min-w-0 break-all text-slate-800">{page.path}</span>
            <span className="text-slate-700 tabular-nums">{page.visits}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ReferralsSection() {
  const { visits } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="text-xl font-semibold text-slate-900">
        Visits from the AI assistants
      </h2>
      {visits.referrals.length === 0 ? (
        <p className="mt-2 text-slate-700">No visits from the AI assistants in these days.</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="crawler-referrals">
          {visits.referrals.map((row) => (
            <li key={row.assistant} className="rounded-lg border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">
                {row.assistant}: {row.visits} {row.visits === 1 ? 'visit' : 'visits'}
              </h3>
              <PageList title="Landing pages" pages={row.topPages} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_WORDS: Record<string, string> = {
  receiving: 'Receiving',
  queued: 'Waiting to be read',
  running: 'Being read',
  done: 'Read',
  failed: 'Failed',
};

export function ImportsSection() {
  const { visits, working, business, days } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="imports-title">
      <h2 id="imports-title" className="text-xl font-semibold text-slate-900">
        Latest imports
      </h2>
      {working ? (
        <p className="mt-2 text-sm text-slate-700">
          A log is being read: this page refreshes itself every few seconds.{' '}
          <Link
            to={`/dashboard/businesses/${business.id}/crawlers?days=${days}`}
            className={linkStyles}
          >
            Refresh
          </Link>
        </p>
      ) : null}
      {visits.imports.length === 0 ? (
        <p className="mt-2 text-slate-700">No log read yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" data-testid="crawler-imports">
          <caption className="sr-only">The latest 10 imports and their progress</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Started
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                From
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Status
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Lines read
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Counted
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Not understood
              </th>
              <th scope="col" className="py-1 font-medium">
                Already counted
              </th>
            </tr>
          </thead>
          <tbody>
            {visits.imports.map((row) => (
              <tr key={row.importId} className="border-t border-slate-200">
                <td className="py-1 pr-3 tabular-nums">
                  {row.createdAt.slice(0, 16).replace('T', ' ')}
                </td>
                <td className="py-1 pr-3">{row.source === 'demo' ? 'simulated' : row.source}</td>
                <td className="py-1 pr-3">
                  {STATUS_WORDS[row.status] ?? row.status}
                  {row.error ? <span className="block text-red-800">{row.error}</span> : null}
                </td>
                <td className="py-1 pr-3 tabular-nums">{row.lines}</td>
                <td className="py-1 pr-3 tabular-nums">{row.counted}</td>
                <td className="py-1 pr-3 tabular-nums">{row.skipped}</td>
                <td className="py-1 tabular-nums">{row.duplicates}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
