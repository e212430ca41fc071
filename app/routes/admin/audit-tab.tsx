import { useDates } from '~/components/time-zone';
import type { AuditEntryView, Page } from '~/domain/admin.server';
import { Pagination } from '~/components/ui/pagination';
import { tierLabel } from '~/domain/premium-access-messages';

const FIELD_LABELS: Record<string, string> = {
  subscriptionStatus: 'plan',
  subscriptionExpiry: 'expiry',
  role: 'role',
  firstName: 'first name',
  lastName: 'last name',
};

type LongDate = (value: string | null) => string | null;

/** A stored value in words: a plan by its name ("DIY", not "diy"), an expiry as a date. */
function value(field: string | null, text: string | null, longDate: LongDate) {
  if (text === null || text === '') return field === 'subscriptionExpiry' ? 'no expiry' : 'none';
  if (field === 'subscriptionStatus') return tierLabel(text);
  if (field === 'role') return text === 'admin' ? 'Admin' : text === 'user' ? 'User' : text;
  return field === 'subscriptionExpiry' ? (longDate(text) ?? text) : text;
}

/** One entry in words; an expiry date is written by `longDate` (the viewer's time zone). */
export function describeAuditEntry(entry: AuditEntryView, longDate: LongDate): string {
  if (entry.action === 'admin_created') return `created admin ${entry.targetEmail}`;
  if (entry.action === 'admin_invited') return `invited ${entry.targetEmail} to be an admin`;
  if (entry.action === 'admin_invitation_resent') {
    return `sent ${entry.targetEmail} their admin invitation again`;
  }
  if (entry.action === 'account_deleted') return 'deleted their own account';
  const label = FIELD_LABELS[entry.field ?? ''] ?? entry.field ?? 'account';
  return `changed ${label} of ${entry.targetEmail} from ${value(entry.field, entry.fromValue, longDate)} to ${value(entry.field, entry.toValue, longDate)}`;
}

export function AuditList({
  entries,
  compact = false,
}: {
  entries: AuditEntryView[];
  compact?: boolean;
}) {
  const dates = useDates();
  if (entries.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">No changes recorded</p>;
  }
  return (
    <ul className={`mt-2 divide-y divide-slate-100 ${compact ? 'text-sm' : ''}`}>
      {entries.map((entry) => (
        <li key={entry.id} data-testid="audit-entry" className="user-text py-2">
          <span className="font-medium text-slate-900">{entry.actorEmail}</span>{' '}
          <span className="text-slate-800">{describeAuditEntry(entry, dates.longDate)}</span>
          <span className="block text-xs text-slate-600">{dates.dateTime(entry.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

export function AuditTab({ audit }: { audit: Page<AuditEntryView> }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Audit Log</h2>
      <p className="text-sm text-slate-700">Every change an admin made to a user, newest first.</p>
      <div className="rounded-lg border border-slate-200 bg-white px-4">
        <AuditList entries={audit.items} />
      </div>
      <Pagination
        page={audit.page}
        pageCount={audit.pageCount}
        total={audit.total}
        noun={['change', 'changes']}
      />
    </div>
  );
}
