import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { BusinessTimes, ZoneNote } from '~/components/time-zone';
import { TrendChart } from '~/components/tracking/trend-chart';
import { businessPageMeta, type BusinessPageLinks } from '../dashboard/business-page';
import { BusinessPageHeader, SimulatedNote } from '../dashboard/business-page-header';
import { AnswersPanel } from './answers-panel';
import { CompetitorsPanel } from './competitors-panel';
import { EngineFigures } from './engine-figures';
import { FactsPanel } from './facts-panel';
import { LocationNote } from './location-note';
import { loadVisibilityPage, visibilityAction } from './page.server';
import { PromptSearches } from './prompt-searches';
import { PromptsPanel } from './prompts-panel';
import { RunPanel } from './run-panel';
import { SentimentPanel } from './sentiment-panel';

const TITLE = 'AI visibility';

const LINKS: BusinessPageLinks = [
  ['audit', 'AI readiness report'],
  ['sources', 'Where the assistants look'],
  ['crawlers', 'Crawler visits'],
];

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  businessPageMeta(TITLE, loaderData?.business.name);

// /dashboard/businesses/{id}/visibility: how often the AI assistants name one of the user's
// businesses when asked its customers' questions, per engine and over time, with the questions,
// the competitors, Run now and the answers themselves. Every form is a plain POST with an intent.
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadVisibilityPage(request, params.id ?? '');
}

export function action({ request, params }: ActionFunctionArgs) {
  return visibilityAction(request, params.id ?? '');
}

export default function VisibilityPage() {
  const { business, visibility, period, change, zone } = useLoaderData<typeof loader>();
  return (
    <BusinessTimes zone={zone}>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
        <BusinessPageHeader business={business} title={TITLE} links={LINKS}>
          <p className="mt-1 text-slate-700">
            How often ChatGPT, Perplexity, Gemini and Claude name your business when asked the
            questions your customers ask.
          </p>
          <p className="mt-2 max-w-3xl text-sm text-slate-700" data-testid="visibility-note">
            AI answers vary from one asking to the next, so we ask each question several times and
            show rates with their likely range. We ask the assistants the way other software does,
            so their answers can differ slightly from what their chat apps show.
          </p>
          <LocationNote />
          <ZoneNote zone={zone} />
          {visibility.simulated ? (
            <SimulatedNote label="Simulated answers">
              every figure and answer on this page comes from the Demo assistant, which imitates an
              AI assistant on this machine. No real assistant was asked.
            </SimulatedNote>
          ) : null}
        </BusinessPageHeader>

        <RunPanel />

        <section aria-labelledby="figures-title" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="figures-title" className="text-2xl font-bold text-slate-900">
              How often you are named
            </h2>
            {period ? (
              <p className="font-medium text-slate-800" data-testid="visibility-period">
                {period}
              </p>
            ) : null}
          </div>
          <EngineFigures change={change} />
          {visibility.current ? (
            <TrendChart
              series={visibility.engineTrends}
              overall={visibility.periods}
              kind={visibility.kind}
            />
          ) : null}
        </section>

        <SentimentPanel />
        <FactsPanel />
        <PromptsPanel />
        <PromptSearches />
        <CompetitorsPanel />
        <AnswersPanel />
      </div>
    </BusinessTimes>
  );
}
