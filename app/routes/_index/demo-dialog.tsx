import { useEffect, useRef } from 'react';
import { PlayIcon } from '~/components/ui/icons';
import { DEMO_MODAL, HERO } from '~/content/marketing';
import { ExternalLink } from '~/components/external-link';
import { buttonStyles } from '~/components/ui/styles';

/**
 * Watch Demo and its Coming Soon modal. A native <dialog> opened with showModal(): the browser
 * makes the rest of the page inert (focus stays inside), closes it on Escape, and we send focus
 * back to the button on every close.
 *
 * Without JavaScript the button cannot open anything, so a plain link to the same message (an
 * in-page section, see DemoNotice) stands in for it; the root's `js` class picks which one shows.
 */
export function WatchDemo({ freeGptUrl }: { freeGptUrl: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocus = () => buttonRef.current?.focus();
    // A modal dialog already keeps focus off the page behind it, but browsers let Tab leave for
    // their own toolbar; wrap around instead, as the ARIA dialog pattern does.
    const trapTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('close', returnFocus);
    dialog.addEventListener('keydown', trapTab);
    return () => {
      dialog.removeEventListener('close', returnFocus);
      dialog.removeEventListener('keydown', trapTab);
    };
  }, []);

  return (
    <>
      <span className="hidden [.js_&]:inline-flex">
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="dialog"
          className={`${buttonStyles.secondary} px-5 py-3`}
          onClick={() => {
            dialogRef.current?.showModal();
            closeRef.current?.focus();
          }}
        >
          <PlayIcon />
          {HERO.demoCta}
        </button>
      </span>
      <a href="#demo" className={`${buttonStyles.secondary} no-js-only px-5 py-3`}>
        <PlayIcon />
        {HERO.demoCta}
      </a>

      <dialog
        ref={dialogRef}
        aria-labelledby="demo-dialog-title"
        aria-describedby="demo-dialog-body"
        data-testid="demo-dialog"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/70"
      >
        <span aria-hidden="true" className="text-4xl">
          🎬
        </span>
        <h2 id="demo-dialog-title" className="mt-2 text-2xl font-bold">
          {DEMO_MODAL.title}
        </h2>
        <p id="demo-dialog-body" className="mt-3 text-slate-700">
          {DEMO_MODAL.body}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button
            ref={closeRef}
            type="button"
            className={buttonStyles.secondary}
            onClick={() => dialogRef.current?.close()}
          >
            {DEMO_MODAL.close}
          </button>
          <ExternalLink href={freeGptUrl} className={buttonStyles.primary}>
            {DEMO_MODAL.tryFreeTool}
          </ExternalLink>
        </div>
      </dialog>
    </>
  );
}

/** The Coming Soon message as page content, for visitors without JavaScript (target of #demo). */
export function DemoNotice({ freeGptUrl }: { freeGptUrl: string }) {
  return (
    <div
      id="demo"
      className="no-js-only mx-auto mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm"
    >
      <p className="font-semibold text-slate-900">Demo video: {DEMO_MODAL.title}</p>
      <p className="mt-2 text-slate-700">{DEMO_MODAL.body}</p>
      <ExternalLink href={freeGptUrl} className={`${buttonStyles.primary} mt-4`}>
        {DEMO_MODAL.tryFreeTool}
      </ExternalLink>
    </div>
  );
}
