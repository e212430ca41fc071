import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import { businessPath, type BusinessPageLinks } from './business-page';

// The top of each page of one business: the way back to the dashboard and to its other pages, the
// page's heading with the business's name, then what the page puts under it (its introduction,
// notes, the days picker).

export function BusinessPageHeader({
  business,
  title,
  back = '/dashboard',
  links,
  children,
}: {
  /** Its name as the owner typed it. */
  business: { id: string; name: string };
  /** The heading before the name, as in the page's <title> ("AI readiness"). */
  title: string;
  /** Where "← Back to dashboard" goes. */
  back?: string;
  /** The business's other pages linked after it, in order. */
  links: BusinessPageLinks;
  children?: ReactNode;
}) {
  return (
    <div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={back} className={linkStyles}>
          ← Back to dashboard
        </Link>
        {links.map(([page, text]) => (
          <Link key={page} to={businessPath(business.id, page)} className={linkStyles}>
            {text}
          </Link>
        ))}
      </div>
      <h1 className="user-text mt-3 text-3xl font-bold tracking-tight text-slate-900">
        {title}: {business.name}
      </h1>
      {children}
    </div>
  );
}

/** The note on a page whose figures come from the Demo assistant: "<label>: <what it means>". */
export function SimulatedNote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p
      role="note"
      className="mt-3 max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="simulated-note"
    >
      <span className="font-semibold">{label}:</span> {children}
    </p>
  );
}
