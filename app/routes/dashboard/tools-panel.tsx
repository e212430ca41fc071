import { Link, useLoaderData } from 'react-router';
import { PlanBadge } from './plan-badge';
import { PremiumGptButton } from './premium-gpt';
import { LockIcon } from '~/components/ui/icons';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import type { loader } from './route';

export function ToolsPanel() {
  const { plan, freeGptUrl } = useLoaderData<typeof loader>();
  return (
    <section
      aria-labelledby="tools-title"
      className="rounded-xl border border-slate-200 bg-slate-50 p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tools-title" className="text-xl font-semibold text-slate-900">
          AI Visibility Tools
        </h2>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span>Current plan:</span>
          <PlanBadge tier={plan.tier} />
          {/* A running plan's date, and what happens then, is the Billing panel's to say. */}
          {plan.expired && plan.expiresOn ? (
            <span data-testid="plan-expiry" className="whitespace-nowrap">
              Expired {plan.expiresOn}
            </span>
          ) : null}
        </div>
      </div>

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {freeGptUrl ? (
          <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Free AI Visibility GPT</h3>
            <p className="mt-1 text-sm text-slate-700">
              Our free GPT on ChatGPT talks you through whether AI assistants can find and recommend
              your business.
            </p>
            <a
              href={freeGptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonStyles.secondary} mt-4`}
            >
              Try Free GPT<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </article>
        ) : null}

        <article
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="premium-gpt-card"
        >
          <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            {plan.hasPremiumAccess ? null : (
              <LockIcon
                label="Locked"
                className="h-5 w-5 text-slate-700"
                data-testid="premium-lock"
              />
            )}
            Premium AI Visibility GPT
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Step-by-step coaching to get your business recommended by AI assistants. Included in
            every paid plan.
          </p>
          {plan.paid && plan.expired ? (
            <p className="mt-2 text-sm text-red-800" data-testid="plan-expired-note">
              Your {plan.label} plan expired on {plan.expiresOn}.{' '}
              <Link to={`/checkout/${plan.tier}`} className={linkStyles}>
                Renew your plan
              </Link>
            </p>
          ) : null}
          {plan.hasPremiumAccess ? (
            <PremiumGptButton className={`${buttonStyles.primary} mt-4`} />
          ) : (
            <Link to="/pricing" className={`${buttonStyles.primary} mt-4`}>
              Upgrade to Access
            </Link>
          )}
        </article>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Quick actions:</h3>
        {freeGptUrl ? (
          <a
            href={freeGptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles.secondary}
          >
            Test AI Visibility<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Link to="/dashboard?add=1#add-business-panel" className={buttonStyles.secondary}>
          Add Business
        </Link>
      </div>
    </section>
  );
}
