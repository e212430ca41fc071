import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A wide table scrolls inside its own box, never the page. The box is focusable and named so
 * keyboard users can scroll it too (arrow keys once it has focus). That it scrolls shows: a shadow
 * at each edge with more columns behind it (pure CSS, `.scroll-shadows`), and, with JavaScript, a
 * line saying so whenever the table is wider than its box, which the region's description repeats.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);

  return (
    <div>
      <p
        id={hintId}
        data-testid="table-scroll-hint"
        hidden={!scrolls}
        className="mb-1 flex items-center justify-end gap-1 text-xs font-medium text-slate-600"
      >
        Scroll sideways for more columns
        <span aria-hidden="true">→</span>
      </p>
      <div
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="scroll-shadows focus-visible:outline-brand-600 relative max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2"
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">{children}</table>
      </div>
    </div>
  );
}

export function Th({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap text-slate-700">
      {children}
    </th>
  );
}

/**
 * A cell. Words stay whole (the table scrolls in its own box rather than split 'U|s|er'); the
 * content sits in a box of at most 20rem (`wide`: 28rem), so a value wider than that (a 254-character
 * e-mail, a 2,000-character URL) breaks at that width instead of stretching its column without end.
 * (A box's max-width caps its min-content contribution; `overflow-wrap: break-word` then splits
 * only a word longer than the whole line.)
 */
export function Td({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <td className="px-4 py-3 align-top text-slate-900">
      <div className={wide ? 'max-w-md' : 'max-w-xs'}>{children}</div>
    </td>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-8 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

/** Links that narrow a tab's list (All / Allowed / Denied), the current one marked; plain links. */
export function FilterNav({
  label,
  filters,
}: {
  label: string;
  filters: readonly { label: string; href: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm">
        {filters.map((filter) => (
          <li key={filter.label}>
            <Link
              to={filter.href}
              aria-current={filter.current ? 'page' : undefined}
              className={`focus-visible:outline-brand-600 inline-block rounded px-3 py-1 font-medium focus-visible:outline-2 ${
                filter.current
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {filter.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
