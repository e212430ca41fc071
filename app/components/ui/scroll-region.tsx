import type { ReactNode } from 'react';

// A box that scrolls sideways when its content is wider than the screen (a table, a code block):
// keyboard users can focus it and scroll with the arrow keys (axe's "scrollable-region-focusable"),
// screen readers announce it by its name, and shadows at its edges say there is more to see.

export function ScrollRegion({
  label,
  children,
  className = '',
  testId,
}: {
  /** What the region holds, e.g. "Questions you track". */
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
      tabIndex={0}
      data-testid={testId}
      className={`scroll-shadows focus-visible:outline-brand-600 max-w-full overflow-x-auto focus-visible:outline-2 ${className}`}
    >
      {children}
    </div>
  );
}
