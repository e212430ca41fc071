import type { AuditEntryView, Page } from '~/domain/admin.server';
import { formatExpiryDate } from '~/domain/premium-access-messages';
import { formatDateTime } from '~/components/format';
import { Pagination } from '~/components/ui/pagination';

const FIELD_LABELS: Record<string, string> = {
  subscriptionStatus: 'plan',
  subscriptionExpiry: 'expiry',
  role: 'role',
  firstName: 'first name',
  lastName: 'last name',
};

function value(field: string | null, text: string | null) {
  if (text === null || text === '') return field === 'subscriptionExpiry' ? 'no expiry' : 'none';
  return field === 'subscriptionExpiry' ? (formatExpiryDate(text) ?? text) : text;
}

export function describeAuditEntry(entry: AuditEntryView): string {
  if (entry.action === 'admin_created') return `created admin ${entry.targetEmail}`;
  if (entry.action === 'account_deleted') return 'deleted their own account';
  const label = FIELD_LABELS[entry.field ?? ''] ?? entry.field ?? 'account';
  return `changed ${label} of ${entry.targetEmail} from ${value(entry.field, entry.fromValue)} to ${value(entry.field, entry.toValue)}`;
}

export function AuditList({
  entries,
  compact = false,
}: {
  entries: AuditEntryView[];
  compact?: boolean;
}) {
  if (entries.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">No changes recorded</p>;
  }
  return (
    <ul className={`mt-2 divide-y divide-slate-100 ${compact ? 'text-sm' : ''}`}>
      {entries.map((entry) => (
        <li key={entry.id} data-testid="audit-entry" className="user-text py-2">
          <span className="font-medium text-slate-900">{entry.actorEmail}</span>{' '}
          <span className="text-slate-800">{describeAuditEntry(entry)}</span>
          <span className="block text-xs text-slate-600">{formatDateTime(entry.createdAt)}</span>
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
        noun="changes"
      />
    </div>
  );
}
