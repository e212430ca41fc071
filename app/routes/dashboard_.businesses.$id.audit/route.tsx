import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import {
  AuditScore,
  FixList,
  ScoreExplainer,
  SignalList,
  Sparkline,
} from '~/components/audit/audit-report';
import { linkStyles } from '~/components/ui/styles';
import { isShutOut, scoreBand, SHUT_OUT_CAP } from '~/domain/audit/signals';
import {
  auditAllowance,
  auditBusiness,
  auditStandings,
  AUDITS_PER_PAGE,
  findAudit,
  listAudits,
} from '~/domain/audits.server';
import { isDomainError } from '~/domain/errors';
import { effectiveTier, hasWeeklyReaudit } from '~/domain/tiers';
import { requireUser } from '~/http/auth.server';
import { readFormData, safeRedirect } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { pageParams } from '~/schemas/paging';
import { AuditHistory } from './audit-history';
import { BusinessTimes, useDates, ZoneNote } from '~/components/time-zone';
import { businessZone } from '~/domain/time-zones/business-zone.server';
import { businessPageMeta, type BusinessPageLinks, businessPath } from '../dashboard/business-page';
import { BusinessPageHeader } from '../dashboard/business-page-header';
import { notFoundPage, ownerAndBusiness, privatePage } from '../dashboard/business-page.server';
import { RunPanel } from './run-panel';

const TITLE = 'AI readiness';

const LINKS: BusinessPageLinks = [['visibility', 'AI visibility: how often assistants name you']];

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  businessPageMeta(TITLE, loaderData?.business.name);

// /dashboard/businesses/{id}/audit: the AI-readiness report of one of the user's businesses (the
// latest audit, or ?audit=<id> from the history), its trend and history, and 'Check AI Readiness'.
// Someone else's business is a 404, as on the JSON API.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const { user, business } = await ownerAndBusiness(request, id);
  const url = new URL(request.url);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: AUDITS_PER_PAGE,
    maxLimit: AUDITS_PER_PAGE,
  });
  const auditId = url.searchParams.get('audit') ?? undefined;
  const now = new Date();
  const [asked, history, allowance, standings] = await Promise.all([
    findAudit(user, id, auditId),
    listAudits(id, { page, perPage: AUDITS_PER_PAGE }, user),
    auditAllowance(user, id, now),
    auditStandings([id]),
  ]);
  // A stale or foreign ?audit= shows the latest one rather than "no audit yet".
  const audit = asked ?? (auditId ? await findAudit(user, id) : null);
  return privatePage({
    business: { id: business.id, name: business.name, website: business.website },
    audit,
    viewingOlder: Boolean(auditId && audit && history.items[0]?.id !== audit.id),
    history,
    trend: standings[id]?.trend ?? [],
    allowance,
    upgradable: effectiveTier(user, now) !== 'authority',
    weekly: hasWeeklyReaudit(user, now),
    /** The zone the page's times are in: the business's, from its location. */
    zone: businessZone(business),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const id = params.id ?? '';
  const page = businessPath(id, 'audit');
  // The dashboard's button comes back to the dashboard on a refusal; the report page to itself.
  const back = safeRedirect(form.get('back'), page);
  if (form.get('intent') !== 'run') {
    return redirectWithToast(
      back,
      { title: 'Error', description: 'Unknown action', variant: 'destructive' },
      { request },
    );
  }
  try {
    const audit = await auditBusiness(user, id);
    if (audit.unreachable) {
      return await redirectWithToast(
        page,
        {
          title: 'Website not checked',
          description: `${audit.unreachable.message} This check did not count toward your allowance.`,
          variant: 'destructive',
        },
        { request },
      );
    }
    const band = scoreBand(audit.score);
    return await redirectWithToast(
      page,
      {
        title: 'AI readiness checked',
        description: `Score ${audit.score}/100: ${band.label}.`,
      },
      { request },
    );
  } catch (error) {
    if (!isDomainError(error) || error.code === 'not_found') notFoundPage(error);
    return redirectWithToast(
      back,
      { title: 'Audit not started', description: error.message, variant: 'destructive' },
      { request },
    );
  }
}

export default function AuditPage() {
  const { zone } = useLoaderData<typeof loader>();
  return (
    <BusinessTimes zone={zone}>
      <AuditReport />
    </BusinessTimes>
  );
}

function AuditReport() {
  const { business, audit, viewingOlder, history, trend, allowance, upgradable, weekly, zone } =
    useLoaderData<typeof loader>();
  const dates = useDates();
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <BusinessPageHeader business={business} title={TITLE} links={LINKS}>
        <p className="mt-1 text-slate-700">
          Can ChatGPT, Claude, Perplexity and Gemini read, understand and cite your website?
        </p>
        <ZoneNote zone={zone} />
      </BusinessPageHeader>

      <RunPanel business={business} allowance={allowance} upgradable={upgradable} weekly={weekly} />

      {audit ? (
        <>
          <section aria-labelledby="score-title" className="flex flex-wrap items-center gap-6">
            <div>
              <h2
                id="score-title"
                className="text-sm font-semibold tracking-wide text-slate-700 uppercase"
              >
                {viewingOlder ? 'Score of this earlier audit' : 'Latest score'}
              </h2>
              <div className="mt-2 flex items-center gap-4">
                <AuditScore score={audit.score} outcome={audit.outcome} size="lg" />
                <div>
                  {audit.unreachable ? (
                    <>
                      <p className="font-semibold text-slate-900">Site not reached</p>
                      <p className="text-sm text-slate-700" data-testid="audit-summary">
                        Nothing was checked, so this audit has no score and is not in the trend.
                      </p>
                    </>
                  ) : (
                    <>
                      <p className="font-semibold text-slate-900">{scoreBand(audit.score).label}</p>
                      {isShutOut(audit.signals, audit.version) ? (
                        <p className="text-sm font-medium text-red-900" data-testid="audit-capped">
                          At most {SHUT_OUT_CAP}: AI assistants cannot read your site at all, so
                          nothing else counts until they can.
                        </p>
                      ) : null}
                      <p className="text-sm text-slate-700" data-testid="audit-summary">
                        {(['fail', 'warn', 'pass'] as const)
                          .map((status) => {
                            const count = audit.signals.filter((s) => s.status === status).length;
                            return `${count} ${status === 'fail' ? 'failed' : status === 'warn' ? 'need attention' : 'passed'}`;
                          })
                          .join(' · ')}
                      </p>
                    </>
                  )}
                  <p className="text-sm text-slate-700">
                    Checked {dates.dateTime(audit.auditedAt)}
                    {audit.trigger === 'scheduled' ? ' (weekly re-check)' : ''}
                  </p>
                </div>
              </div>
            </div>
            {trend.length > 1 ? (
              <div>
                <p className="text-sm font-semibold text-slate-700">Trend</p>
                <Sparkline scores={trend} width={180} height={44} />
              </div>
            ) : null}
          </section>
          {audit.unreachable ? (
            <section
              aria-labelledby="unreachable-title"
              className="rounded-lg border border-red-200 bg-red-50 p-5"
              data-testid="audit-unreachable"
            >
              <h2 id="unreachable-title" className="text-lg font-semibold text-red-900">
                We could not reach {audit.unreachable.host}
              </h2>
              <p className="mt-1 text-sm text-red-900">{audit.unreachable.message}</p>
              <p className="mt-2 text-sm text-slate-800">
                None of the checks below could run.
                {audit.trigger === 'owner'
                  ? ' This check did not count toward your daily allowance: once the address works, check again.'
                  : ''}{' '}
                <Link to={`/dashboard?edit=${business.id}`} className={linkStyles}>
                  Edit the website address
                </Link>
              </p>
            </section>
          ) : null}
          {viewingOlder ? (
            <p className="text-sm">
              <Link to={businessPath(business.id, 'audit')} className={linkStyles}>
                Show the latest audit
              </Link>
            </p>
          ) : null}

          <section aria-labelledby="fixes-title" className="space-y-3">
            <h2 id="fixes-title" className="text-2xl font-bold text-slate-900">
              {audit.unreachable ? 'What to do first' : 'Fixes for your website'}
            </h2>
            <p className="text-sm text-slate-700">
              Written from your business details: each says what to do in plain words. Where there
              is code to paste, it is in a box with a Copy button, for you or whoever looks after
              your website.
            </p>
            <FixList fixes={audit.fixes} />
          </section>

          <section aria-labelledby="signals-title" className="space-y-3">
            <h2 id="signals-title" className="text-2xl font-bold text-slate-900">
              What we checked
            </h2>
            <SignalList signals={audit.signals} version={audit.version} />
            <ScoreExplainer version={audit.version} />
          </section>
        </>
      ) : (
        <section className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <h2 className="font-semibold text-slate-900">No audit yet</h2>
          <p className="mt-1 text-sm text-slate-700">
            We check whether AI crawlers may read your site, whether your business details are there
            for them to understand, and whether the basics are in place, then give you the exact
            fixes.
          </p>
        </section>
      )}

      <AuditHistory businessId={business.id} history={history} shownId={audit?.id ?? null} />
    </div>
  );
}
