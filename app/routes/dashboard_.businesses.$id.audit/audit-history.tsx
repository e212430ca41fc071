import { Link } from 'react-router';
import { ScoreBadge } from '~/components/audit/audit-report';
import { Pagination } from '~/components/ui/pagination';
import { linkStyles } from '~/components/ui/styles';
import { useDates } from '~/components/time-zone';

type HistoryPage = {
  items: { id: string; auditedAt: string; score: number; trigger: string }[];
  page: number;
  pageCount: number;
  total: number;
  perPage: number;
};

/** The business's past audits, newest first, one page at a time; the one shown is marked. */
export function AuditHistory({
  businessId,
  history,
  shownId,
}: {
  businessId: string;
  history: HistoryPage;
  shownId: string | null;
}) {
  const dates = useDates();
  if (history.total === 0) return null;
  return (
    <section aria-labelledby="history-title" className="space-y-3">
      <h2 id="history-title" className="text-xl font-semibold text-slate-900">
        Past audits
      </h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Past audits, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
              When
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
              Score
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
              Run by
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {history.items.map((item) => (
            <tr key={item.id} data-testid="audit-history-row">
              <td className="px-3 py-2">
                {item.id === shownId ? (
                  <span aria-current="true" className="font-semibold text-slate-900">
                    {dates.dateTime(item.auditedAt)} (shown)
                  </span>
                ) : (
                  <Link
                    to={`/dashboard/businesses/${businessId}/audit?audit=${item.id}`}
                    className={linkStyles}
                  >
                    {dates.dateTime(item.auditedAt)}
                  </Link>
                )}
              </td>
              <td className="px-3 py-2">
                <ScoreBadge score={item.score} />
              </td>
              <td className="px-3 py-2 text-slate-700">
                {item.trigger === 'scheduled' ? 'Weekly re-check' : 'You'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={history.page}
        pageCount={history.pageCount}
        total={history.total}
        perPage={history.perPage}
        noun={['audit', 'audits']}
        pageLinks
        hash="#history-title"
      />
    </section>
  );
}
