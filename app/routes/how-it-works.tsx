import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { container, CtaBand, onDarkButton, PageIntro, StepList } from '~/components/marketing';
import { HOW_PAGE } from '~/content/how';
import { FREE_CHECK } from '~/content/free-check';
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
  pageMeta(PUBLIC_PAGES.how, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return {
    origin: getOrigin(request),
    links: { bookingUrl: publicLinks.bookingUrl },
  };
}

export default function HowItWorks() {
  const { links } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={HOW_PAGE.title} lead={HOW_PAGE.lead} />
      <div className={`${container} pb-16`}>
        <StepList steps={HOW_PAGE.steps} headingLevel={2} />
      </div>
      <CtaBand id="how-cta" title={HOW_PAGE.ctaTitle} lead={HOW_PAGE.ctaLead}>
        <Link to={FREE_CHECK.path} className={onDarkButton.primary}>
          {HOW_PAGE.ctaPrimary}
        </Link>
        <ExternalLink href={links.bookingUrl} className={onDarkButton.secondary}>
          {HOW_PAGE.ctaSecondary}
        </ExternalLink>
      </CtaBand>
    </>
  );
}
