import { useDates } from '~/components/time-zone';
import { Link } from 'react-router';
import type { OutboxView, Page } from '~/domain/admin.server';
import { Pagination } from '~/components/ui/pagination';
import { MASK } from '~/lib/mail-secrets';

// The e-mails the site wrote. Without SMTP_URL they are held here (the demo, a fresh machine);
// with it, each says whether it was sent or why it failed. Their secrets (reset and unsubscribe
// tokens, API keys) are masked by the domain (~/lib/mail-secrets): an admin reads what went out,
// but only the recipient's mailbox ever holds a usable link.

const STATUS_LABELS: Record<string, { label: string; className: string }> = {
  held: { label: 'Not sent (no SMTP_URL)', className: 'bg-slate-100 text-slate-900' },
  pending: { label: 'Sending', className: 'bg-amber-100 text-amber-950' },
  sent: { label: 'Sent', className: 'bg-green-100 text-green-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
};

const FILTERS = [
  { value: null, label: 'All' },
  { value: 'failed', label: 'Failed' },
] as const;

/** The addresses in a plain-text message, as links an admin can open (not the masked ones). */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])].filter(
    (link) => !link.includes(MASK),
  );
}

export function OutboxTab({
  messages,
  status,
}: {
  messages: Page<OutboxView> & { failed: number };
  status: string | null;
}) {
  const dates = useDates();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Outbox</h2>
        <nav aria-label="Outbox filter" className="flex gap-2 text-sm">
          {FILTERS.map((filter) => (
            <Link
              key={filter.label}
              to={filter.value ? `/admin?tab=outbox&status=${filter.value}` : '/admin?tab=outbox'}
              aria-current={status === filter.value ? 'page' : undefined}
              className={`rounded-md px-3 py-1 font-semibold ${
                status === filter.value
                  ? 'bg-brand-600 text-white'
                  : 'border border-slate-300 text-slate-800 hover:bg-slate-50'
              }`}
            >
              {filter.label}
              {filter.value === 'failed' ? ` (${messages.failed.toLocaleString('en-US')})` : ''}
            </Link>
          ))}
        </nav>
      </div>
      {messages.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No messages
        </p>
      ) : (
        <ul className="space-y-3">
          {messages.items.map((message) => {
            const badge = STATUS_LABELS[message.status] ?? {
              label: message.status,
              className: 'bg-slate-100 text-slate-900',
            };
            return (
              <li
                key={message.id}
                data-testid="admin-outbox-message"
                className="user-text rounded-lg border border-slate-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-slate-900">{message.subject}</p>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge.className}`}
                  >
                    {badge.label}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  To <span className="font-medium text-slate-900">{message.to}</span> ·{' '}
                  {dates.dateTime(message.createdAt)}
                  {message.sentAt ? ` · sent ${dates.dateTime(message.sentAt)}` : ''}
                </p>
                {message.error ? (
                  <p className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-900">
                    {message.error}
                  </p>
                ) : null}
                <details className="mt-2">
                  <summary className="text-brand-700 cursor-pointer text-sm font-medium">
                    Show message
                  </summary>
                  <p className="mt-2 text-sm whitespace-pre-line text-slate-900">{message.text}</p>
                  {linksIn(message.text).length ? (
                    <ul className="mt-2 space-y-1 text-sm">
                      {linksIn(message.text).map((link) => (
                        <li key={link}>
                          <a href={link} className="text-brand-700 underline">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={messages.page}
        pageCount={messages.pageCount}
        total={messages.total}
        noun={['message', 'messages']}
      />
    </div>
  );
}
