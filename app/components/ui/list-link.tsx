import {
  createContext,
  useContext,
  useMemo,
  type MouseEvent,
  type MouseEventHandler,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';

// Links of a long list (the dashboard's cards: up to seven links a card, ten cards a page) without a
// React Router <Link> for each. A <Link> resolves its path and sets up its own navigate function and
// click handler every time the page renders: about 15 µs each on the server, a millisecond of a page
// of cards (npm run bench:dashboard). Here the list sets up one navigate (ListLinks) and each link is
// plain markup that uses it (ListLink). To a user nothing differs: the same markup as <Link> (its
// href, and data-discover so the router still fetches the route of each link shown), a plain left
// click moves within the app (replacing the history entry when it is the address already shown, as
// <Link> does), and a modified or middle click, a click before the page's script has loaded and
// any click without JavaScript are the browser's own.

type Handlers = {
  /** Moves within the app to the link's address, scrolled to its top (or its #fragment). */
  navigate: MouseEventHandler<HTMLAnchorElement>;
  /** The same, keeping the scroll where it is (<Link preventScrollReset>). */
  stay: MouseEventHandler<HTMLAnchorElement>;
};

const ListLinksContext = createContext<Handlers | null>(null);

/** Whether the browser should have the click (a new tab or window, a download, another target). */
function browserClick(event: MouseEvent<HTMLAnchorElement>) {
  const { target } = event.currentTarget;
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== '' && target !== '_self')
  );
}

/** One navigate for every ListLink inside. */
export function ListLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const handlers = useMemo(() => {
    const handler =
      (preventScrollReset: boolean): MouseEventHandler<HTMLAnchorElement> =>
      (event) => {
        if (browserClick(event)) return;
        event.preventDefault();
        const to = event.currentTarget.getAttribute('href')!;
        const { pathname, search, hash } = window.location;
        void navigate(to, { preventScrollReset, replace: to === `${pathname}${search}${hash}` });
      };
    return { navigate: handler(false), stay: handler(true) };
  }, [navigate]);
  return <ListLinksContext.Provider value={handlers}>{children}</ListLinksContext.Provider>;
}

/**
 * A link to a path of the app (`/dashboard/…`) inside ListLinks. `discover={false}` for a link to
 * the page it is on (nothing for the router to discover, as <Link discover="none">).
 */
export function ListLink({
  to,
  className,
  preventScrollReset = false,
  discover = true,
  children,
}: {
  to: string;
  className?: string;
  preventScrollReset?: boolean;
  discover?: boolean;
  children: ReactNode;
}) {
  const handlers = useContext(ListLinksContext);
  if (!handlers) throw new Error('ListLink is used outside ListLinks');
  return (
    <a
      className={className}
      href={to}
      onClick={preventScrollReset ? handlers.stay : handlers.navigate}
      data-discover={discover ? 'true' : undefined}
    >
      {children}
    </a>
  );
}
