import { ScoreBadge, Sparkline } from '~/components/audit/score';
import { CheckReadinessForm } from '~/components/audit/check-readiness-form';
import { NextCheck } from '~/components/audit/next-check';
import { BusinessTimes } from '~/components/time-zone';
import { ClampedText } from '~/components/ui/clamped-text';
import { ListLink } from '~/components/ui/list-link';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { type AuditAllowance, type AuditStanding } from '~/domain/audits.server';
import type { CardBusiness } from './dashboard.server';

export function BusinessCard({
  business,
  readiness,
  allowance,
  visibility,
  upgradable,
  back,
  freeGptUrl,
  editTo,
  deleteTo,
}: {
  business: CardBusiness;
  readiness: Omit<AuditStanding, 'auditedAt'> | null;
  allowance: AuditAllowance | null;
  /** The latest period's mention rate in words and its change; null before any answer. */
  visibility: { mentions: string; change: string | null; wrongFacts?: string | null } | null;
  upgradable: boolean;
  back: string;
  freeGptUrl: string | null;
  editTo: string;
  deleteTo: string;
}) {
  const used = Boolean(allowance && allowance.used >= allowance.limit && allowance.resetsAt);
  const reportPath = `/dashboard/businesses/${business.id}/audit`;
  const audited = readiness?.score !== null && readiness?.score !== undefined;
  const report = (
    <ListLink to={reportPath} className={linkStyles}>
      View report<span className="sr-only">{` for ${business.name}`}</span>
    </ListLink>
  );
  return (
    // The card's parts are component classes of app/tailwind.css (card, card-facts, card-path,
    // card-panel, card-step, …): a page lists ten cards, each one's markup is kept short.
    <li className="card" data-testid="business-card">
      <h3 className="user-text card-title">{business.name}</h3>
      {business.description ? (
        <ClampedText
          text={business.description}
          label={`the description of ${business.name}`}
          className="user-text card-note"
          testId="business-description"
        />
      ) : null}
      <dl className="card-facts">
        {business.website ? (
          <>
            <dt>Website</dt>
            <dd className="truncate">
              <a
                href={business.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={linkStyles}
              >
                {business.website}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        ) : null}
        {business.industry ? (
          <>
            <dt>Industry</dt>
            <dd className="user-text">{business.industry}</dd>
          </>
        ) : null}
        {business.location ? (
          <>
            <dt>Location</dt>
            <dd className="user-text">{business.location}</dd>
          </>
        ) : null}
      </dl>
      {/* One path, in order: check the site, make the fixes, track how often AI names it. */}
      <ol className="card-path" aria-label={`Next steps for ${business.name}`}>
        <li className="card-panel" data-testid="business-readiness">
          <div>
            <p className="card-step">AI readiness</p>
            {readiness?.score !== null && readiness?.score !== undefined ? (
              <div className="card-score">
                <ScoreBadge score={readiness.score} />
                <Sparkline scores={readiness.trend} width={80} height={24} />
                {report}
              </div>
            ) : readiness?.unreachableAt ? null : (
              <p className="card-note">
                {business.website ? 'Not checked yet.' : 'Add a website to check it.'}
              </p>
            )}
            {readiness?.unreachableAt ? (
              <p className="mt-1 text-sm text-red-800" data-testid="business-unreachable">
                The last check could not reach the website.{' '}
                {readiness.score === null ? report : null}
              </p>
            ) : null}
          </div>
          {business.website && used && allowance?.resetsAt ? (
            <BusinessTimes zone={business.zone}>
              <NextCheck
                resetsAt={allowance.resetsAt}
                upgradable={upgradable}
                className="max-w-[14rem] text-sm text-slate-700"
              />
            </BusinessTimes>
          ) : business.website ? (
            <CheckReadinessForm
              businessId={business.id}
              businessName={business.name}
              back={back}
              className={buttonStyles.secondary}
            />
          ) : null}
        </li>
        <li className="card-panel" data-testid="business-fixes">
          <div>
            <p className="card-step">Fixes</p>
            <p className="card-note">
              {audited
                ? 'What to change on the site so AI can recommend it, failed checks first.'
                : 'Listed once the site has been checked.'}
            </p>
          </div>
          {audited ? (
            <ListLink to={`${reportPath}#fixes-title`} className={linkStyles}>
              See the fixes<span className="sr-only">{` for ${business.name}`}</span>
            </ListLink>
          ) : null}
        </li>
        <li className="card-panel" data-testid="business-visibility">
          <div>
            <p className="card-step">AI visibility</p>
            {visibility ? (
              <>
                <p className="mt-1 text-sm text-slate-800" data-testid="visibility-mentions">
                  {visibility.mentions[0]!.toUpperCase() + visibility.mentions.slice(1)}
                </p>
                {visibility.change ? (
                  <p className="text-sm text-slate-700" data-testid="visibility-change">
                    {visibility.change[0]!.toUpperCase() + visibility.change.slice(1)}
                  </p>
                ) : null}
                {visibility.wrongFacts ? (
                  <p className="mt-1 text-sm font-semibold text-red-800" data-testid="wrong-facts">
                    <ListLink
                      to={`/dashboard/businesses/${business.id}/visibility#facts-title`}
                      className="underline underline-offset-2 hover:text-red-950 focus-visible:outline-2 focus-visible:outline-offset-2"
                    >
                      {visibility.wrongFacts}
                      <span className="sr-only">{` for ${business.name}`}</span>
                    </ListLink>
                  </p>
                ) : null}
              </>
            ) : (
              <p className="card-note">Not tracked yet</p>
            )}
          </div>
          <ListLink to={`/dashboard/businesses/${business.id}/visibility`} className={linkStyles}>
            View visibility<span className="sr-only">{` for ${business.name}`}</span>
          </ListLink>
          <ListLink
            to={`/dashboard/businesses/${business.id}/crawlers`}
            className={`${linkStyles} mt-1 block text-sm`}
          >
            Crawler visits<span className="sr-only">{` for ${business.name}`}</span>
          </ListLink>
        </li>
      </ol>
      <div className="card-actions">
        {/* Same page: nothing for the router to discover (no data-discover keeps the markup short). */}
        <ListLink to={editTo} preventScrollReset discover={false} className={buttonStyles.ghost}>
          Edit<span className="sr-only">{` ${business.name}`}</span>
        </ListLink>
        <ListLink
          to={deleteTo}
          preventScrollReset
          discover={false}
          className={buttonStyles.ghostDanger}
        >
          Delete<span className="sr-only">{` ${business.name}`}</span>
        </ListLink>
        {/* Outside the path: a conversation with our free GPT on ChatGPT, in a new tab. */}
        {freeGptUrl ? (
          <a
            href={freeGptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonStyles.ghost} ml-auto`}
            title="Our free GPT, on ChatGPT"
          >
            Test AI Visibility
            <span className="sr-only">{` for ${business.name} with our free GPT (opens in a new tab)`}</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
