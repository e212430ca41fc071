import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/styles';
import { useHydrated } from '~/components/ui/use-hydrated';
import { FREE_AFTERWARDS } from './words';

export type CancelPlanFacts = {
  planName: string;
  /** The end of the period paid for, written for the reader. */
  endsOn: string | null;
  /** The plan a scheduled change would have moved to: cancelling drops it. */
  droppedPlanName: string | null;
  /** The plan-change version the confirmation is made at (the form sends it back). */
  version: number;
};

export const CANCEL_PATH = '/billing/cancel';

/** What cancelling does, said before it is done: on the confirmation page and in the dialog. */
export function CancelPlanText({ facts, id }: { facts: CancelPlanFacts; id?: string }) {
  const until = facts.endsOn ?? 'the end of the period you paid for';
  return (
    <div id={id} className="space-y-2 text-sm text-slate-700">
      <p>
        Your {facts.planName} plan stays active until {until}, the end of the period you paid for,
        and nothing more is charged. {FREE_AFTERWARDS}
      </p>
      {facts.droppedPlanName ? (
        <p>Your scheduled move to {facts.droppedPlanName} will not happen.</p>
      ) : null}
      <p>You can resume the plan until {until}.</p>
    </div>
  );
}

/** The confirming form: a plain POST with the version the confirmation was made at. */
export function CancelPlanForm({
  facts,
  keep,
}: {
  facts: CancelPlanFacts;
  /** "Keep my plan": a link (the page) or a button that closes the dialog. */
  keep: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === CANCEL_PATH;
  return (
    <Form method="post" action={CANCEL_PATH} className="mt-6 flex flex-wrap justify-end gap-2">
      <input type="hidden" name="version" value={facts.version} />
      {keep}
      <button type="submit" className={buttonStyles.danger} disabled={busy}>
        {busy ? 'Cancelling...' : 'Cancel my plan'}
      </button>
    </Form>
  );
}

/**
 * 'Cancel plan': without JavaScript a link to the confirmation page (/billing/cancel); with it, the
 * same confirmation in a modal dialog on this page (Escape or 'Keep my plan' closes it, and focus
 * goes back to this button).
 */
export function CancelPlanButton({ facts }: { facts: CancelPlanFacts }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  // Once its post has been answered (the page is back with a message, whatever it says), the
  // dialog has done its part.
  const state = useNavigation().state;
  useEffect(() => {
    if (state === 'idle') dialog.current?.close();
  }, [state]);
  return (
    <>
      <Link
        to={CANCEL_PATH}
        className={buttonStyles.secondary}
        onClick={(event) => {
          const element = dialog.current;
          if (!element || typeof element.showModal !== 'function') return;
          event.preventDefault();
          element.showModal();
        }}
      >
        Cancel plan
      </Link>
      {hydrated ? (
        <dialog
          ref={dialog}
          aria-labelledby="cancel-plan-title"
          aria-describedby="cancel-plan-text"
          data-testid="cancel-plan-dialog"
          className="z-40 m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-red-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
        >
          <h2 id="cancel-plan-title" className="text-lg font-semibold">
            Cancel your {facts.planName} plan?
          </h2>
          <div className="mt-3">
            <CancelPlanText facts={facts} id="cancel-plan-text" />
          </div>
          <CancelPlanForm
            facts={facts}
            keep={
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => dialog.current?.close()}
              >
                Keep my plan
              </button>
            }
          />
        </dialog>
      ) : null}
    </>
  );
}

/** 'Resume' (undo the cancel): a plain POST, until the period ends. */
export function ResumePlanForm({ planName, terms }: { planName: string; terms?: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/billing/resume';
  return (
    <Form method="post" action="/billing/resume" className="space-y-2">
      {terms ? (
        <p className="text-sm text-slate-800" data-testid="resume-terms">
          {terms}
        </p>
      ) : null}
      <button type="submit" className={buttonStyles.primary} disabled={busy}>
        {busy ? 'Resuming...' : `Resume ${planName}`}
      </button>
    </Form>
  );
}
