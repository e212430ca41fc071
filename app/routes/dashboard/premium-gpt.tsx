import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { useToast } from '~/components/toaster';
import { useDates } from '~/components/time-zone';
import {
  interpretPremiumCheck,
  PREMIUM_CHECK_FAILED_TOAST,
} from '~/domain/premium-access-messages';

/** The no-JavaScript route that checks access and redirects (or comes back with a toast). */
export const PREMIUM_GPT_ROUTE = '/dashboard/premium-gpt';

/**
 * The premium check with JavaScript: ask the server, then open the URL it returns in a new tab or
 * show the toast of spec section 8. The URL only ever reaches the browser in that answer.
 */
export function usePremiumGptAccess() {
  const { toast } = useToast();
  const { timeZone } = useDates();
  const [checking, setChecking] = useState(false);

  const open = useCallback(async () => {
    setChecking(true);
    try {
      const response = await fetch('/api/premium-gpt-access', {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        /* an unparsable body is handled by status */
      }
      const outcome = interpretPremiumCheck(response.status, body, timeZone);
      if (outcome.kind === 'open') {
        window.open(outcome.url, '_blank', 'noopener,noreferrer');
      } else {
        toast(outcome.toast);
      }
    } catch {
      toast(PREMIUM_CHECK_FAILED_TOAST);
    } finally {
      setChecking(false);
    }
  }, [toast, timeZone]);

  return { checking, open };
}

/**
 * A link to the no-JS route that, once JavaScript runs, does the check in place instead.
 * (A click before hydration simply follows the link: it works either way.)
 */
export function PremiumGptButton({
  className,
  children = 'Access Premium GPT',
}: {
  className: string;
  children?: ReactNode;
}) {
  const { checking, open } = usePremiumGptAccess();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!checking) void open();
  };
  return (
    <a
      href={PREMIUM_GPT_ROUTE}
      target="_blank"
      rel="noopener"
      onClick={onClick}
      aria-disabled={checking || undefined}
      aria-busy={checking || undefined}
      className={className}
    >
      {checking ? 'Verifying Access...' : children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
