import { Link, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import {
  CardGrid,
  CtaBand,
  onDarkButton,
  PageIntro,
  Section,
  StatGrid,
} from '~/components/marketing';
import { STATS } from '~/content/marketing';
import { WHY_PAGE } from '~/content/why';
import { FREE_CHECK } from '~/content/free-check';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { getOrigin } from '~/http/origin.server';
import { publicPageHeaders } from '~/http/cache-policy';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.why, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return { origin: getOrigin(request) };
}

export default function WhyAiVisibility() {
  return (
    <>
      <PageIntro title={WHY_PAGE.title} lead={WHY_PAGE.lead} />
      <Section id="stats" title={WHY_PAGE.statsTitle}>
        <StatGrid stats={STATS} />
      </Section>
      <Section id="reasons" title={WHY_PAGE.reasonsTitle} className="bg-slate-50">
        <CardGrid cards={WHY_PAGE.reasons} columns={2} testId="reasons" />
      </Section>
      <Section id="industries" title={WHY_PAGE.industriesTitle}>
        <CardGrid cards={WHY_PAGE.industries} testId="industries" />
      </Section>
      <CtaBand id="why-cta" title={WHY_PAGE.ctaTitle} lead={WHY_PAGE.ctaLead}>
        <Link to={FREE_CHECK.path} className={onDarkButton.primary}>
          {WHY_PAGE.ctaPrimary}
        </Link>
        <Link to={PUBLIC_PAGES.pricing.path} className={onDarkButton.secondary}>
          {WHY_PAGE.ctaSecondary}
        </Link>
      </CtaBand>
    </>
  );
}
