import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LegalDocumentView } from '~/components/legal-document';
import { privacyPolicy } from '~/content/legal';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { publicPageHeaders } from '~/http/cache-policy';
import { getOrigin } from '~/http/origin.server';
import { legalFacts } from '~/http/legal.server';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.privacy, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return { origin: getOrigin(request), facts: legalFacts() };
}

export default function PrivacyPage() {
  const { facts } = useLoaderData<typeof loader>();
  return <LegalDocumentView document={privacyPolicy(facts)} />;
}
