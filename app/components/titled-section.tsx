import type { ReactNode } from 'react';

// A section named by its own heading: the heading carries the id the section's aria-labelledby
// points at, so screen readers list the section under that name. The contact page's form and its
// response times and hours, the free check's form and its result's score, fixes and offer.

/** The white card such a section sits on (the contact and free-check pages). */
export const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

const headingStyles = {
  2: 'text-xl font-semibold text-slate-900',
  3: 'text-lg font-semibold text-slate-900',
};

export function TitledSection({
  id,
  title,
  level = 2,
  titleClassName = headingStyles[level],
  className,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  /** The heading's classes when not the level's usual ones. */
  titleClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
