import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { DaysPicker } from '~/components/days-picker';
import { businessPageMeta, type BusinessPageLinks } from '../dashboard/business-page';
import { BusinessPageHeader, SimulatedNote } from '../dashboard/business-page-header';
import { ActionPlan } from './action-plan';
import { loadSourcesPage, sourcesAction } from './page.server';
import { SourcesTable } from './sources-table';

const TITLE = 'Where the assistants look';

const LINKS: BusinessPageLinks = [['visibility', 'AI visibility']];

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  businessPageMeta(TITLE, loaderData?.report.business.name);

// /dashboard/businesses/{id}/sources: the sites the AI assistants' answers rely on for the
// business's questions, whether the business is listed on each, and what to do first.
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourcesPage(request, params.id ?? '');
}

export function action({ request, params }: ActionFunctionArgs) {
  return sourcesAction(request, params.id ?? '');
}

export default function SourcesPage() {
  const { report } = useLoaderData<typeof loader>();
  const { business } = report;
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <BusinessPageHeader
        business={business}
        title={TITLE}
        back="/dashboard?tab=guide"
        links={LINKS}
      >
        <p className="mt-1 max-w-3xl text-slate-700">
          When ChatGPT, Perplexity, Gemini or Claude answer your customers&apos; questions, they
          mostly cite other sites: directories, review sites, forums, the news. These are the sites
          their answers relied on, whether you are on them, and what to do first.
        </p>
        {report.simulated ? (
          <SimulatedNote label="Simulated answers">
            these sites come from the Demo assistant, which imitates an AI assistant on this
            machine. Its pages are made up, so whether you are listed on them is simulated too:
            nothing was fetched.
          </SimulatedNote>
        ) : null}
        <DaysPicker label="Answers of the last" days={report.days} />
        <p className="mt-3 text-slate-800" data-testid="sources-summary">
          {report.samples
            ? `From ${report.from} to ${report.to}: ${report.samples} answers, ${report.withoutYou} of them without your name.`
            : `No answers from ${report.from} to ${report.to} yet: once your questions are asked, the sites their answers cite appear here.`}
        </p>
      </BusinessPageHeader>
      <ActionPlan />
      <SourcesTable />
    </div>
  );
}
