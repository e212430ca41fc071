import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { DaysPicker } from '~/components/days-picker';
import { linkStyles } from '~/components/ui/styles';
import { businessPageMeta, type BusinessPageLinks, businessPath } from '../dashboard/business-page';
import { BusinessPageHeader, SimulatedNote } from '../dashboard/business-page-header';
import { DRAIN_MADE_PARAM, DrainsSection } from './drains';
import { drainAction } from './drains.server';
import { AgentsSection, ChainSection, ImportsSection, ReferralsSection } from './sections';
import { UploadForm } from './upload-form';
import { loadCrawlersPage } from './page.server';

const TITLE = 'Crawler visits';

const LINKS: BusinessPageLinks = [
  ['visibility', 'AI visibility'],
  ['audit', 'AI readiness report'],
];

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) => [
  ...businessPageMeta(TITLE, loaderData?.business.name),
  // An import being read: the page reloads itself until it is done (no script needed), except on
  // the answer that shows a new drain address once (a reload would lose it).
  ...(loaderData?.working && !new URLSearchParams(location.search).has(DRAIN_MADE_PARAM)
    ? [{ httpEquiv: 'refresh', content: '5' } as const]
    : []),
];

// /dashboard/businesses/{id}/crawlers: which AI crawlers came (from the owner's access logs),
// whether they were real, what they got, and who came from the assistants.
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadCrawlersPage(request, params.id ?? '');
}

// The log drain forms (make, set a signing secret, revoke) post to the page itself.
export function action({ request, params }: ActionFunctionArgs) {
  return drainAction(request, params.id ?? '');
}

export default function CrawlersPage() {
  const { business, days, visits, conclusions, simulated } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <BusinessPageHeader business={business} title={TITLE} links={LINKS}>
        <p className="mt-1 max-w-3xl text-slate-700">
          The readiness report tells what an AI crawler would get from your site; your access logs
          tell what they did get. Only counts are kept: never the log lines, never visitors&apos;
          addresses.
        </p>
        {simulated ? (
          <SimulatedNote label="Simulated visits">
            this demo business has a month of made-up crawler visits and referrals; no real log was
            read.
          </SimulatedNote>
        ) : null}
        <DaysPicker label="Visits of the last" days={days} />
      </BusinessPageHeader>
      <section aria-labelledby="conclusions-title">
        <h2 id="conclusions-title" className="text-xl font-semibold text-slate-900">
          What happened from {visits.from} to {visits.to}
        </h2>
        <ul className="mt-3 space-y-2" data-testid="crawler-conclusions">
          {conclusions.map((conclusion) => (
            <li
              key={conclusion.text}
              className={
                conclusion.tone === 'problem'
                  ? 'rounded-md border border-red-300 bg-red-50 p-3 text-red-950'
                  : 'rounded-md border border-slate-200 bg-white p-3 text-slate-800'
              }
            >
              {conclusion.text}
              {conclusion.fix === 'audit' ? (
                <>
                  {' '}
                  <Link
                    to={businessPath(business.id, 'audit', '#fixes-title')}
                    className={linkStyles}
                  >
                    See the audit&apos;s fix
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <ChainSection />
      <AgentsSection />
      <ReferralsSection />
      <UploadForm />
      <DrainsSection />
      <ImportsSection />
    </div>
  );
}
