import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PLANS, type PaidTier } from '~/content/plans';
import { formatLongDate } from '~/domain/dates';
import { planStandings, type PlanStanding } from '~/domain/payments/standing.server';
import { getUser } from '~/http/auth.server';
import { timeZoneOf } from '~/http/time-zone.server';
import { ExternalLink } from '~/components/external-link';
import { FaqList } from './faq-list';
import { container, PageIntro, Section } from '~/components/marketing';
import { PricingPlans, type PlanViewer } from '~/components/pricing-plans';
import { PlanTable } from '~/components/plan-table';
import { buttonStyles } from '~/components/ui/styles';
import { PRICING_FAQ } from '~/content/faq';
import { PRICING_PAGE } from '~/content/pricing';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { publicLinks } from '~/lib/env.server';
import { getOrigin } from '~/http/origin.server';
import { publicPageHeaders } from '~/http/cache-policy';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.pricing, data?.origin);

export async function loader({ request }: LoaderFunctionArgs) {
  // A subscriber's cards say which plan is theirs and what a change to each would do, and when.
  // (A signed-in request is never shared by a cache: see ~/http/cache-policy.)
  const user = await getUser(request);
  const standings = user ? await planStandings(user) : null;
  const viewer: PlanViewer = !user ? 'visitor' : standings ? 'paid' : 'free';
  return {
    viewer,
    origin: getOrigin(request),
    bookingUrl: publicLinks.bookingUrl,
    plans: PLANS,
    standings: standings ? writeDates(standings, timeZoneOf(request)) : null,
  };
}

/** The standings' dates, written for the reader (the page stays plain server-rendered markup). */
function writeDates(
  standings: Record<PaidTier, PlanStanding>,
  timeZone: string,
): Record<PaidTier, PlanStanding> {
  const write = (iso: string) => formatLongDate(iso, timeZone) ?? iso;
  return Object.fromEntries(
    Object.entries(standings).map(([tier, standing]) => [
      tier,
      standing.kind === 'current'
        ? { ...standing, on: standing.on ? write(standing.on) : null }
        : standing.kind === 'downgrade' || standing.kind === 'scheduled'
          ? { ...standing, at: write(standing.at) }
          : standing,
    ]),
  ) as Record<PaidTier, PlanStanding>;
}

export default function Pricing() {
  const { bookingUrl, plans, standings, viewer } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={PRICING_PAGE.title} lead={PRICING_PAGE.lead} />
      <div className={`${container} pt-4 pb-14`}>
        <PricingPlans plans={plans} headingLevel={2} standings={standings} viewer={viewer} />
      </div>

      <div className={`${container} pb-14`}>
        <h2 id="plan-table-title" className="text-2xl font-semibold text-slate-900">
          {PRICING_PAGE.tableTitle}
        </h2>
        <p className="mt-2 text-slate-700">{PRICING_PAGE.tableLead}</p>
        <div className="mt-6">
          <PlanTable headingId="plan-table-title" />
        </div>
      </div>

      <div className={`${container} grid gap-6 pb-14 md:grid-cols-2`}>
        <section
          aria-labelledby="action-plan-title"
          className="border-brand-100 bg-brand-50 rounded-xl border p-6"
        >
          <h2 id="action-plan-title" className="text-xl font-semibold text-slate-900">
            {PRICING_PAGE.actionPlan.title}
          </h2>
          <p className="mt-2 text-slate-700">{PRICING_PAGE.actionPlan.lead}</p>
          <ExternalLink
            href={bookingUrl}
            data-testid="action-plan"
            className={`${buttonStyles.primary} mt-5`}
          >
            {PRICING_PAGE.actionPlan.button}
          </ExternalLink>
        </section>
        <section
          aria-labelledby="sales-title"
          className="rounded-xl border border-slate-200 bg-white p-6"
        >
          <h2 id="sales-title" className="text-xl font-semibold text-slate-900">
            {PRICING_PAGE.sales.title}
          </h2>
          <p className="mt-2 text-slate-700">{PRICING_PAGE.sales.lead}</p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <ExternalLink href={bookingUrl} className={buttonStyles.secondary}>
              {PRICING_PAGE.sales.contactSales}
            </ExternalLink>
            <ExternalLink href={bookingUrl} className={buttonStyles.secondary}>
              {PRICING_PAGE.sales.bookCall}
            </ExternalLink>
          </div>
        </section>
      </div>

      <Section id="faq" title={PRICING_PAGE.faqTitle} className="bg-slate-50">
        <FaqList items={PRICING_FAQ} />
      </Section>
    </>
  );
}
