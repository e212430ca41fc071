import { useDates } from '~/components/time-zone';
import { Pagination } from '~/components/ui/pagination';
import type { TrackingOverview } from '~/domain/tracking/reports/admin.server';
import { QueueCells, QueueHeads } from './jobs-tab';
import { EmptyRow, TableScroller, Td, Th } from './table';
import { LOW_SAMPLE } from '~/domain/tracking/figures/figures';

// The admin's view of tracking: this month's calls and spend per engine against the budget (and a
// banner once the budget stops every call), engines whose model has no price, the last failure of
// each engine, the tracking queues, and the businesses asked about this month, 20 a page.

const number = (n: number) => n.toLocaleString('en-US');
const dollars = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const percent = (n: number) => `${Math.round(n * 100)}%`;

export function TrackingTab({ overview }: { overview: TrackingOverview }) {
  const dates = useDates();
  const { budget, engines, queues, businesses } = overview;
  const unpriced = engines.filter((engine) => engine.priced === false);
  const failing = engines.filter((engine) => engine.failures > 0 || engine.lastError);
  const used = budget.budgetUsd > 0 ? Math.min(1, budget.spentUsd / budget.budgetUsd) : 1;

  return (
    <div className="space-y-8">
      {budget.paused ? (
        <div
          role="alert"
          data-testid="tracking-budget-paused"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
        >
          <p className="font-semibold">Paused: this month&apos;s spend reached the budget</p>
          <p className="mt-1 text-sm">
            {dollars(budget.spentUsd)} spent of {dollars(budget.budgetUsd)} in {budget.month}. No
            assistant is asked again until the month ends. To go on now, raise{' '}
            <code className="font-mono">TRACKING_MONTHLY_BUDGET_USD</code> in the server&apos;s
            environment and restart the app; the rounds left out are queued by the next schedule.
          </p>
        </div>
      ) : null}

      {unpriced.map((engine) => (
        <div
          key={engine.engine}
          role="alert"
          data-testid="tracking-unpriced"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">
            {engine.name}: the model {engine.model} has no price
          </p>
          <p className="mt-1 text-sm">
            Its calls count as $0, so they never reach the budget. Add its price to{' '}
            <code className="font-mono">TRACKING_PRICES</code> (dollars per million input and output
            tokens, and per call).
          </p>
        </div>
      ))}

      <section className="space-y-3" aria-labelledby="tracking-spend-title">
        <h2 id="tracking-spend-title" className="text-lg font-semibold text-slate-900">
          This month ({budget.month})
        </h2>
        <p className="text-sm text-slate-700" data-testid="tracking-budget">
          Spent {dollars(budget.spentUsd)} of the {dollars(budget.budgetUsd)} monthly budget (
          {percent(used)}).
        </p>
        <TableScroller label="Calls and spend per engine">
          <thead className="bg-slate-50">
            <tr>
              <Th>Engine</Th>
              <Th>Calls</Th>
              <Th>Failures</Th>
              <Th>Skipped (budget)</Th>
              <Th>Tokens in / out</Th>
              <Th>Spend</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {engines.length === 0 ? (
              <EmptyRow colSpan={6}>No engine configured and no calls this month</EmptyRow>
            ) : (
              engines.map((engine) => (
                <tr key={engine.engine} data-testid="tracking-engine">
                  <Td>
                    <span className="font-medium">{engine.name}</span>
                    <span className="block font-mono text-xs text-slate-600">
                      {engine.model ?? 'not configured now'}
                    </span>
                  </Td>
                  <Td>{number(engine.calls)}</Td>
                  <Td>
                    <span className={engine.failures ? 'font-semibold text-red-800' : undefined}>
                      {number(engine.failures)}
                    </span>
                  </Td>
                  <Td>{number(engine.skipped)}</Td>
                  <Td>
                    {number(engine.inputTokens)} / {number(engine.outputTokens)}
                  </Td>
                  <Td>{dollars(engine.costUsd)}</Td>
                </tr>
              ))
            )}
          </tbody>
        </TableScroller>
      </section>

      <section className="space-y-3" aria-labelledby="tracking-failures-title">
        <h2 id="tracking-failures-title" className="text-lg font-semibold text-slate-900">
          Failures by engine
        </h2>
        {failing.length === 0 ? (
          <p className="text-sm text-slate-700">No failed calls this month.</p>
        ) : (
          <ul className="space-y-2">
            {failing.map((engine) => (
              <li
                key={engine.engine}
                data-testid="tracking-failure"
                className="rounded-lg border border-slate-200 p-3 text-sm"
              >
                <p className="font-medium text-slate-900">
                  {engine.name}: {number(engine.failures)}{' '}
                  {engine.failures === 1 ? 'failed call' : 'failed calls'}
                  {engine.lastErrorAt ? `, the last ${dates.dateTime(engine.lastErrorAt)}` : ''}
                </p>
                {engine.lastError ? (
                  <p className="mt-1 break-words text-red-900">{engine.lastError}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-3" aria-labelledby="tracking-queues-title">
        <h2 id="tracking-queues-title" className="text-lg font-semibold text-slate-900">
          Queues
        </h2>
        <TableScroller label="Tracking queues">
          <thead className="bg-slate-50">
            <tr>
              <QueueHeads />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {queues.map((queue) => (
              <tr key={queue.queue} data-testid="tracking-queue">
                <QueueCells queue={queue} />
              </tr>
            ))}
          </tbody>
        </TableScroller>
      </section>

      <section className="space-y-3" aria-labelledby="tracking-businesses">
        <h2 id="tracking-businesses" className="text-lg font-semibold text-slate-900">
          Businesses asked about this month ({number(businesses.total)})
        </h2>
        <TableScroller label="Businesses asked about this month">
          <thead className="bg-slate-50">
            <tr>
              <Th>Business</Th>
              <Th>Owner</Th>
              <Th>Answers</Th>
              {/* Simulated figures say so before the number, in each column's header. */}
              <Th>Mention rate{overview.simulated ? ' (simulated answers)' : ''}</Th>
              <Th>Citation rate{overview.simulated ? ' (simulated answers)' : ''}</Th>
              <Th>Last asked</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {businesses.items.length === 0 ? (
              <EmptyRow colSpan={6}>No answers this month</EmptyRow>
            ) : (
              businesses.items.map((row) => (
                <tr key={row.businessId} data-testid="tracking-business">
                  <Td>{row.name}</Td>
                  <Td>{row.ownerEmail}</Td>
                  <Td>{number(row.answers)}</Td>
                  <Td>
                    {percent(row.mentionRate)}{' '}
                    <span className="text-xs text-slate-600">
                      ({number(row.mentioned)} of {number(row.answers)}
                      {row.answers < LOW_SAMPLE ? ', low sample' : ''})
                    </span>
                  </Td>
                  <Td>
                    {percent(row.citationRate)}{' '}
                    <span className="text-xs text-slate-600">
                      ({number(row.cited)} of {number(row.answers)}
                      {row.answers < LOW_SAMPLE ? ', low sample' : ''})
                    </span>
                  </Td>
                  <Td>{row.lastAskedAt ? dates.dateTime(row.lastAskedAt) : '—'}</Td>
                </tr>
              ))
            )}
          </tbody>
        </TableScroller>
        <Pagination
          page={businesses.page}
          pageCount={businesses.pageCount}
          total={businesses.total}
          noun={['business', 'businesses']}
          hash="#tracking-businesses"
        />
      </section>
    </div>
  );
}
