import { PlayIcon } from '~/components/ui/icons';
import { DEMO_MODAL, HERO } from '~/content/marketing';
import { ExternalLink } from '~/components/external-link';
import { buttonStyles } from '~/components/ui/styles';

const DIALOG_ID = 'demo-dialog';

/** Invoker commands: the browser itself opens or closes the dialog the button names. */
function command(name: 'show-modal' | 'close') {
  return { commandfor: DIALOG_ID, command: name } as Record<string, string>;
}

/**
 * Watch Demo and its Coming Soon modal. A native <dialog> opened by the button's invoker command
 * (`command="show-modal"`, no script needed): the browser makes the rest of the page inert (focus
 * goes to its first button), closes it on Escape. The page's inline script makes Tab wrap inside
 * it, returns focus to Watch Demo on every close, and opens it in browsers without invoker
 * commands (see ~/components/document-script).
 *
 * Without JavaScript a plain link to the same message (an in-page section, see DemoNotice) stands
 * in for the button; the root's `js` class picks which one shows.
 */
export function WatchDemo({ freeGptUrl }: { freeGptUrl: string }) {
  return (
    <>
      <span className="hidden [.js_&]:inline-flex">
        <button
          type="button"
          aria-haspopup="dialog"
          className={`${buttonStyles.secondary} px-5 py-3`}
          {...command('show-modal')}
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
        id={DIALOG_ID}
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
          <button type="button" className={buttonStyles.secondary} {...command('close')}>
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
