import { Link, type MetaFunction } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import { PUBLIC_PAGES } from '~/content/pages';
import { publicPageHeaders } from '~/http/cache-policy';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

// /legal once held both texts; it stays as their index so older links keep working.

/** Nothing to load; a document route needs a server loader (see ~/components/document). */
export function loader() {
  return null;
}

export const meta: MetaFunction = () => [
  { title: 'Privacy and Terms | AI Visibility' },
  { name: 'description', content: 'Privacy policy and terms of service of AI Visibility.' },
];

export default function Legal() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Privacy and Terms</h1>
      <ul className="mt-6 list-disc space-y-2 pl-6 text-slate-700">
        {[PUBLIC_PAGES.privacy, PUBLIC_PAGES.terms].map((page) => (
          <li key={page.path}>
            <Link to={page.path} className={linkStyles}>
              {page.label}
            </Link>
            : {page.description}
          </li>
        ))}
      </ul>
    </div>
  );
}
