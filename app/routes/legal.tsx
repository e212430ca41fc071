import { Link, type MetaFunction } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import { PUBLIC_PAGES } from '~/content/pages';
import { publicPageHeaders } from '~/http/cache-policy';

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

// Target of the footer's placeholder links until the real legal texts exist.

export const meta: MetaFunction = () => [
  { title: 'Privacy Policy and Terms | AI Visibility' },
  { name: 'description', content: 'Privacy policy and terms of service of AI Visibility.' },
  { name: 'robots', content: 'noindex' },
];

export default function Legal() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Privacy and Terms</h1>
      <section id="privacy" aria-labelledby="privacy-title" className="mt-10">
        <h2 id="privacy-title" className="text-xl font-semibold text-slate-900">
          Privacy Policy
        </h2>
        <p className="mt-3 text-slate-700">
          Our privacy policy is being finalised and will be published here. Questions about your
          data?{' '}
          <Link to={PUBLIC_PAGES.contact.path} className={linkStyles}>
            Contact us
          </Link>
          .
        </p>
      </section>
      <section id="terms" aria-labelledby="terms-title" className="mt-10">
        <h2 id="terms-title" className="text-xl font-semibold text-slate-900">
          Terms of Service
        </h2>
        <p className="mt-3 text-slate-700">
          Our terms of service are being finalised and will be published here.
        </p>
      </section>
    </div>
  );
}
