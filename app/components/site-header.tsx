import { Form, Link, NavLink, useLocation } from 'react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { displayName, isAdmin } from '~/domain/users';
import { CloseIcon, MenuIcon } from './ui/icons';
import { buttonStyles } from './ui/styles';

export type HeaderUser = { firstName: string | null; email: string; role: string } | null;

export const NAV_LINKS = [
  { to: '/why-ai-visibility', label: 'Why AI Visibility' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-3 ${isActive ? 'text-brand-700 underline underline-offset-4' : 'text-slate-700 hover:text-slate-900 hover:bg-slate-100'}`;

function AccountItems({ user, layout }: { user: HeaderUser; layout: 'bar' | 'menu' }) {
  const item = layout === 'menu' ? 'w-full justify-start' : '';
  if (!user) {
    // Three calls to action and the links beside them fit one line from 1024 px on.
    const nowrap = layout === 'bar' ? 'whitespace-nowrap' : '';
    return (
      <>
        {/* Our own free check (issue 44): it stays on this site. */}
        <Link to="/free-check" className={`${buttonStyles.primary} ${item} ${nowrap}`}>
          Free AI Visibility Check
        </Link>
        <Link to="/login" className={`${buttonStyles.ghost} ${item} ${nowrap}`}>
          Login
        </Link>
        <Link to="/register" className={`${buttonStyles.secondary} ${item} ${nowrap}`}>
          Sign up
        </Link>
      </>
    );
  }
  return (
    <>
      <NavLink to="/dashboard" className={(state) => `${navLinkClass(state)} ${item}`}>
        Dashboard
      </NavLink>
      {isAdmin(user) ? (
        <NavLink to="/admin" className={(state) => `${navLinkClass(state)} ${item}`}>
          Admin
        </NavLink>
      ) : null}
      {/* The greeting leads to the account settings; its name starts with what it shows. */}
      <NavLink
        to="/account"
        className={(state) => `${navLinkClass(state)} ${item}`}
        data-testid="greeting"
        aria-label={`Hi, ${displayName(user)}: account settings`}
      >
        Hi, {displayName(user)}
      </NavLink>
      <Form method="post" action="/logout" className={layout === 'menu' ? 'w-full' : ''}>
        <button
          type="submit"
          className={`${buttonStyles.secondary} ${item} ${layout === 'menu' ? 'w-full' : ''}`}
        >
          Logout
        </button>
      </Form>
    </>
  );
}

export function SiteHeader({ user }: { user: HeaderUser }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span
            aria-hidden="true"
            className="bg-brand-600 inline-flex h-8 w-8 items-center justify-center rounded-md text-sm text-white"
          >
            AI
          </span>
          <span className="whitespace-nowrap">AI Visibility</span>
          <span className="sr-only">: home</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <AccountItems user={user} layout="bar" />
        </div>

        <MobileMenu>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            <hr className="my-1 border-slate-200" />
            <AccountItems user={user} layout="menu" />
          </nav>
        </MobileMenu>
      </div>
    </header>
  );
}

/**
 * The mobile menu is a native disclosure: keyboard-operable and working without JavaScript. With
 * JavaScript it also closes when a link in it is followed, on Escape (focus back to the toggle)
 * and on a click outside it: by these effects on scripted pages, by the inline script on document
 * pages (`data-menu`, see ~/components/document-script).
 */
function MobileMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className="group relative lg:hidden" data-testid="mobile-menu" data-menu>
      <summary
        className={`${buttonStyles.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label="Menu"
      >
        <MenuIcon className="h-5 w-5 group-open:hidden" />
        <CloseIcon className="hidden h-5 w-5 group-open:inline" />
        <span className="text-sm">Menu</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        {children}
      </div>
    </details>
  );
}
