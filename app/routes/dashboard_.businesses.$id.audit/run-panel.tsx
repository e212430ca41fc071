import { Link } from 'react-router';
import { CheckReadinessForm } from '~/components/audit/check-readiness-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { useDates } from '~/components/time-zone';

/** The website, the audits left today, and 'Check AI Readiness' (or when the next check is possible). */
export function RunPanel({
  business,
  allowance,
  upgradable,
  weekly,
}: {
  business: { id: string; name: string; website: string | null };
  allowance: { limit: number; used: number; resetsAt: string | null };
  upgradable: boolean;
  weekly: boolean;
}) {
  const left = Math.max(0, allowance.limit - allowance.used);
  const dates = useDates();
  return (
    <section
      aria-labelledby="run-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50 p-6"
    >
      <div className="min-w-0">
        <h2 id="run-title" className="text-lg font-semibold text-slate-900">
          {business.website ? (
            <span className="break-all">{business.website}</span>
          ) : (
            'No website yet'
          )}
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="audit-allowance">
          {business.website
            ? `${left} of ${allowance.limit} audit${allowance.limit === 1 ? '' : 's'} left today for this business.`
            : 'Add your website to this business to check it.'}
          {weekly ? ' Your plan also re-checks it every week.' : ''}
        </p>
      </div>
      {business.website && left === 0 && allowance.resetsAt ? (
        <p className="max-w-xs text-sm text-slate-700" data-testid="audit-next">
          Next check available {dates.dateTime(allowance.resetsAt)}.{' '}
          {upgradable ? (
            <Link to="/pricing" className={linkStyles}>
              More checks with a paid plan
            </Link>
          ) : null}
        </p>
      ) : business.website ? (
        <CheckReadinessForm businessId={business.id} businessName={business.name} />
      ) : (
        <Link to={`/dashboard?edit=${business.id}`} className={buttonStyles.primary}>
          Add a website
        </Link>
      )}
    </section>
  );
}
