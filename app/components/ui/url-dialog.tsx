import { useNavigate } from 'react-router';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A dialog addressed by the URL (`?edit=<id>`, `?create=1`). The server renders it as an open panel,
 * so it works without JavaScript; with JavaScript it becomes a modal (focus trapped, Escape goes
 * back to `cancelTo`, focus returns to the page).
 */
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
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, [id]);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(cancelTo, { replace: true, preventScrollReset: true });
      }}
      className="z-40 m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-slate-200 bg-white p-6 break-words text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
