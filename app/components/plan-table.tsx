import { FREE_PLAN_NAME, PLANS } from '~/content/plans';
import { ENTITLEMENTS } from '~/domain/plans/entitlements';
import { ENTITLEMENT_ROWS } from '~/domain/plans/entitlement-rows';

// What each plan includes, every limit side by side: printed from the one table of entitlements
// (~/domain/plans/entitlements) that the server's checks read, so the page cannot promise what
// the server does not do. On a narrow screen the table scrolls sideways inside a region that
// keyboard users can focus (tabIndex 0) and screen readers announce by its name.

const COLUMNS = [
  { tier: 'free' as const, name: FREE_PLAN_NAME },
  ...PLANS.map((plan) => ({ tier: plan.tier, name: plan.name })),
];

export function PlanTable({ headingId }: { headingId: string }) {
  return (
    <div
      role="region"
      aria-labelledby={headingId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="scroll-shadows focus-visible:ring-brand-600 overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:outline-none"
      data-testid="plan-table"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Included
            </th>
            {COLUMNS.map((column) => (
              <th key={column.tier} scope="col" className="px-4 py-3 font-semibold">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">
          {ENTITLEMENT_ROWS.map((row) => (
            <tr key={row.key} data-testid={`plan-row-${row.key}`}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {row.label}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.tier} className="px-4 py-3">
                  {row.value(ENTITLEMENTS[column.tier])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
