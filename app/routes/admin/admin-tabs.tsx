import { Link } from 'react-router';
import type { KeyboardEvent } from 'react';
import { useHydrated } from '~/components/ui/use-hydrated';

export const ADMIN_TABS = [
  'overview',
  'users',
  'businesses',
  'logins',
  'usage',
  'inquiries',
  'outbox',
  'jobs',
  'tracking',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab === value) ?? 'overview';
}

export function tabHref(tab: AdminTab) {
  return tab === 'overview' ? '/admin' : `/admin?tab=${tab}`;
}

/**
 * The tab list. Each tab is a link to its own URL, so it works without JavaScript; with JavaScript,
 * the arrow keys, Home and End move between tabs as in the ARIA tabs pattern. On a phone the tabs
 * wrap onto more rows: every tab shows whole (a scrolling row cut 'Businesse' with no hint).
 */
export function AdminTabs({
  current,
  counts,
}: {
  current: AdminTab;
  counts: { users: number; businesses: number };
}) {
  const labels: Record<AdminTab, string> = {
    overview: 'Overview',
    users: `Users (${counts.users.toLocaleString('en-US')})`,
    businesses: `Businesses (${counts.businesses.toLocaleString('en-US')})`,
    logins: 'Login History',
    usage: 'Usage Logs',
    inquiries: 'Contact Inquiries',
    outbox: 'Outbox',
    jobs: 'Jobs',
    tracking: 'Tracking',
    audit: 'Audit Log',
  };

  // Roving focus only once the arrow keys work; without JavaScript every tab is a Tab stop.
  const hydrated = useHydrated();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
  }

  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside take focus
    <div
      role="tablist"
      aria-label="Admin sections"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-x-1 border-b border-slate-200"
    >
      {ADMIN_TABS.map((tab) => (
        <Link
          key={tab}
          id={`admin-tab-${tab}`}
          role="tab"
          to={tabHref(tab)}
          aria-selected={tab === current}
          aria-controls={tab === current ? 'admin-panel' : undefined}
          tabIndex={hydrated && tab !== current ? -1 : undefined}
          className={`focus-visible:outline-brand-600 inline-block shrink-0 rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 ${
            tab === current
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
          }`}
        >
          {labels[tab]}
        </Link>
      ))}
    </div>
  );
}
