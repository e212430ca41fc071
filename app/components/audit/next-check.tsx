import { Link } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import { useDates } from '~/components/time-zone';

/**
 * In place of 'Check AI Readiness' once the day's audits of a business are used: when the next
 * one is possible (the report page and the dashboard's card say the same).
 */
export function NextCheck({
  resetsAt,
  upgradable,
  className = 'max-w-xs text-sm text-slate-700',
}: {
  resetsAt: string;
  upgradable: boolean;
  className?: string;
}) {
  const dates = useDates();
  return (
    <p className={className} data-testid="audit-next">
      Next check available {dates.dateTime(resetsAt)}.{' '}
      {upgradable ? (
        <Link to="/pricing" className={linkStyles}>
          More checks with a paid plan
        </Link>
      ) : null}
    </p>
  );
}
