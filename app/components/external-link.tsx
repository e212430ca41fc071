import type { AnchorHTMLAttributes, ReactNode } from 'react';

/**
 * A link that leaves the site (free GPT, booking calendar, checkout pages): opens in a new tab,
 * never hands the opened page a reference to ours or our URL, and says so to screen readers.
 */
export function ExternalLink({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'target' | 'rel'
>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
