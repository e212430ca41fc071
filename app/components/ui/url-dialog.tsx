import { useNavigate } from 'react-router';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

// Layout effects do not run on the server; React warns when a server render meets one.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Two URLs address the same dialog: same path, same query parameters in any order. */
function sameAddress(a: URL, b: URL) {
  if (a.origin !== b.origin || a.pathname !== b.pathname) return false;
  const sorted = (url: URL) =>
    [...url.searchParams]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
}

/** The link on the page that opens the dialog at `address` (for a page loaded with it open). */
function linkTo(address: URL) {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]')).find(
    (link) => !link.closest('dialog') && sameAddress(new URL(link.href), address),
  );
}

/**
 * A dialog addressed by the URL (`?edit=<id>`, `?create=1`, `?confirmDelete=<id>`): the server
 * renders it as an open panel, so it works without JavaScript; with JavaScript it becomes a modal
 * (focus trapped, Escape goes back to `cancelTo`). However it closes (Escape, Cancel, a saved form
 * or Back), focus returns to what opened it: the element that had focus when it opened, or, when
 * the page was loaded with the dialog open or that element is gone, the page's link to the dialog.
 *
 * The dialog unmounts when the URL changes, so the focus goes back in a layout effect's clean-up,
 * which runs while the dialog is still in the document: a focused element that is removed leaves
 * focus on <body>, and a modal dialog still open would keep it out of the page.
 */
export function useUrlDialog(key: string, cancelTo: string) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useClientLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    const address = new URL(window.location.href);
    const focused = document.activeElement;
    const opener =
      focused instanceof HTMLElement && focused !== document.body && !dialog.contains(focused)
        ? focused
        : null;
    // A field someone is already typing in (the dialog rendered open before the script loaded)
    // keeps the cursor: showModal alone would move it to the dialog's first field.
    const typing = focused instanceof HTMLElement && dialog.contains(focused) ? focused : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    typing?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : linkTo(address);
      target?.focus();
    };
  }, [key]);

  return {
    ref,
    onCancel: (event: { preventDefault(): void }) => {
      event.preventDefault();
      navigate(cancelTo, { replace: true, preventScrollReset: true });
    },
  };
}

export function UrlDialog({
  id,
  title,
  cancelTo,
  children,
  testId,
}: {
  id: string;
  title: string;
  cancelTo: string;
  children: ReactNode;
  testId?: string;
}) {
  const { ref, onCancel } = useUrlDialog(id, cancelTo);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      onCancel={onCancel}
      // Without JavaScript the open dialog is a panel in the page's flow (not modal, it would
      // otherwise sit absolutely over what follows it, the footer on a phone); made modal by
      // showModal(), it floats over the page.
      className="z-40 m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:my-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
