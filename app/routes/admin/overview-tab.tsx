import type { Analytics, Page } from '~/domain/admin.server';
import type { UnmatchedPaymentView } from '~/domain/payments/unmatched.server';
import { UnmatchedPayments } from './unmatched-payments';
import { WebhookTestBox } from './webhook-test-box';
import { TIER_LABELS, TIERS } from '~/domain/tiers';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-2 text-3xl font-bold text-slate-900" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

export function OverviewTab({
  analytics,
  unmatchedPayments,
}: {
  analytics: Analytics;
  unmatchedPayments: Page<UnmatchedPaymentView>;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-totals">
        <h2 id="overview-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Total Users" value={analytics.totalUsers} testId="stat-total-users" />
          <Stat
            label="Active Subscribers"
            value={analytics.activeUsers}
            testId="stat-active-subscribers"
          />
          <Stat
            label="Total Businesses"
            value={analytics.totalBusinesses}
            testId="stat-total-businesses"
          />
          <Stat
            label="Recent Logins (7d)"
            value={analytics.recentLogins}
            testId="stat-recent-logins"
          />
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="overview-tiers"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="overview-tiers" className="text-lg font-semibold text-slate-900">
            Subscriptions by plan
          </h2>
          <dl className="mt-4 grid grid-cols-[repeat(auto-fit,minmax(min(100%,7.5rem),1fr))] gap-3">
            {TIERS.map((tier) => (
              <div key={tier} className="rounded-md bg-slate-50 p-3">
                <dt className="text-xs font-semibold text-slate-700 uppercase">
                  {TIER_LABELS[tier]}
                </dt>
                <dd className="mt-1 text-xl font-bold text-slate-900" data-testid={`tier-${tier}`}>
                  {analytics.subscriptionBreakdown[tier].toLocaleString('en-US')}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700" data-testid="tier-note">
            Each paid plan counts its active subscribers (a plan not past its expiry); together they
            make the {analytics.activeUsers.toLocaleString('en-US')} active subscribers.
            {analytics.lapsedPaid
              ? ` ${TIER_LABELS.free} includes ${analytics.lapsedPaid.toLocaleString('en-US')} expired paid ${analytics.lapsedPaid === 1 ? 'plan' : 'plans'}.`
              : null}
          </p>
        </section>

        <section
          aria-labelledby="overview-access"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="overview-access" className="text-lg font-semibold text-slate-900">
            Premium GPT checks
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <div className="rounded-md bg-green-50 p-3">
              <dt className="text-sm font-medium text-green-900">Premium Access</dt>
              <dd className="mt-1 text-xl font-bold text-green-900" data-testid="premium-access">
                {analytics.premiumAccess.toLocaleString('en-US')}
              </dd>
            </div>
            <div className="rounded-md bg-red-50 p-3">
              <dt className="text-sm font-medium text-red-900">Access Denied</dt>
              <dd className="mt-1 text-xl font-bold text-red-900" data-testid="access-denied">
                {analytics.deniedAccess.toLocaleString('en-US')}
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <WebhookTestBox />
      <UnmatchedPayments payments={unmatchedPayments} />
    </div>
  );
}
