import {
  Link,
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { PLANS } from '~/content/plans';
import { AiToolSection, EMBEDDED_TOOL_PARAM } from './ai-tool-section';
import { Tour } from './tour';
import { FreeCheckForm } from '~/components/free-check-form';
import { FREE_CHECK } from '~/content/free-check';
import { ExternalLink } from '~/components/external-link';
import {
  CardGrid,
  Copy,
  container,
  CtaBand,
  onDarkButton,
  Section,
  StatGrid,
  StepList,
} from '~/components/marketing';
import { PricingPlans } from '~/components/pricing-plans';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import {
  BENEFITS,
  FINAL_CTA,
  HERO,
  PRICING_SECTION,
  PROBLEM_SOLUTION,
  PRODUCT_FACTS,
  THREE_STEPS,
} from '~/content/marketing';
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
  pageMeta(PUBLIC_PAGES.home, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return {
    origin: getOrigin(request),
    links: { freeGptUrl: publicLinks.freeGptUrl, bookingUrl: publicLinks.bookingUrl },
    plans: PLANS,
  };
}

export default function Index() {
  const { links, plans } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const embedded = searchParams.get(EMBEDDED_TOOL_PARAM.name) === EMBEDDED_TOOL_PARAM.value;

  return (
    <>
      <section aria-labelledby="hero-title" className="from-brand-50 bg-gradient-to-b to-white">
        <div className={`${container} py-16 text-center sm:py-24`}>
          <p className="text-brand-700 text-sm font-semibold tracking-wide uppercase">
            {HERO.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mx-auto mt-3 max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl"
          >
            {HERO.title}
          </h1>
          <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-700 sm:text-xl">
            <Copy text={HERO.lead} />
          </p>
          {/* Our own free check (issue 44): a plain form, the result on our page. */}
          <div className="mt-10" id="free-check">
            <FreeCheckForm id="hero-free-check" align="center" button={HERO.primaryCta} />
          </div>
          <p className="mt-4 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {/* A link to the tour below: the product's three steps, no video. */}
            <a href="#tour" className={`${buttonStyles.secondary} px-5 py-3`}>
              {HERO.tourCta}
            </a>
          </p>
          <div className="mt-14">
            <StatGrid stats={PRODUCT_FACTS} />
          </div>
        </div>
      </section>

      <Section id="problem" title={PROBLEM_SOLUTION.title}>
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { ...PROBLEM_SOLUTION.problem, icon: '⚠️', tone: 'border-red-200 bg-red-50' },
            { ...PROBLEM_SOLUTION.solution, icon: '✅', tone: 'border-green-200 bg-green-50' },
          ].map((column) => (
            <div key={column.title} className={`rounded-xl border p-6 ${column.tone}`}>
              <h3 className="flex items-center gap-2 text-xl font-semibold text-slate-900">
                <span aria-hidden="true">{column.icon}</span>
                {column.title}
              </h3>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-800">
                {column.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="steps" title={THREE_STEPS.title} lead={THREE_STEPS.lead} className="bg-slate-50">
        <StepList steps={THREE_STEPS.steps} headingLevel={3} />
        <p className="mt-8 text-center">
          <Link to={PUBLIC_PAGES.how.path} className={linkStyles}>
            Learn more about how it works
          </Link>
        </p>
      </Section>

      <Tour />

      {/* The external GPT, second to our own check, and only while its link is configured. */}
      {links.freeGptUrl ? (
        <AiToolSection freeGptUrl={links.freeGptUrl} embedded={embedded} />
      ) : null}

      <Section id="benefits" title={BENEFITS.title}>
        <CardGrid cards={BENEFITS.items} testId="benefits" />
      </Section>

      <Section
        id="pricing"
        title={PRICING_SECTION.title}
        lead={PRICING_SECTION.lead}
        className="bg-slate-50"
      >
        <PricingPlans plans={plans} headingLevel={3} />
        <p className="mt-10 text-center">
          <Link to={PUBLIC_PAGES.pricing.path} className={linkStyles}>
            {PRICING_SECTION.compareLink}
          </Link>
        </p>
      </Section>

      <CtaBand id="final-cta" title={FINAL_CTA.title} lead={FINAL_CTA.lead}>
        <Link to={FREE_CHECK.path} className={onDarkButton.primary}>
          {FINAL_CTA.primary}
        </Link>
        <ExternalLink href={links.bookingUrl} className={onDarkButton.secondary}>
          {FINAL_CTA.secondary}
        </ExternalLink>
      </CtaBand>
    </>
  );
}
