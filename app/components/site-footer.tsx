import { Link } from 'react-router';
import { SITE_NAME } from '~/content/site';

// Written out rather than taken from ~/content/pages, whose titles and descriptions would then
// ride along in every scripted page's JavaScript (issue 35); tests/e2e/public.spec.ts checks them.
const FOOTER_LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/why-ai-visibility', label: 'Why AI Visibility' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;

const linkClass =
  'rounded-sm text-sm text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <p className="text-lg font-bold text-white">{SITE_NAME}</p>
          <p className="mt-2 text-sm">
            We help service businesses get recommended by ChatGPT and other AI assistants.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-6 sm:flex-row sm:gap-16">
          {[FOOTER_LINKS, LEGAL_LINKS].map((links) => (
            <ul key={links[0]?.to} className="space-y-2">
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-300 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
