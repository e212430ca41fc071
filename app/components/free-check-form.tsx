import { FREE_CHECK } from '~/content/free-check';
import { buttonStyles, inputStyles } from './ui/styles';

// The free check's form: a plain POST to /free-check (no JavaScript needed; the document script
// only shows the pending label). Rendered on the home page and on /free-check, where a refused
// address comes back with its error and the typed value.

export function FreeCheckForm({
  id,
  value,
  error,
  align = 'left',
  button = FREE_CHECK.button,
}: {
  button?: string;
  id: string;
  value?: string;
  error?: string | null;
  align?: 'left' | 'center';
}) {
  const inputId = `${id}-website`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <form
      method="post"
      action={FREE_CHECK.path}
      id={id}
      noValidate
      className={`w-full max-w-xl ${align === 'center' ? 'mx-auto text-left' : ''}`}
    >
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {FREE_CHECK.label}
      </label>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          name="website"
          type="text"
          inputMode="url"
          autoComplete="url"
          required
          maxLength={2048}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          className={`${inputStyles} sm:flex-1`}
        />
        <button
          type="submit"
          data-pending={FREE_CHECK.pending}
          className={`${buttonStyles.primary} px-5 py-3`}
        >
          {button}
        </button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {FREE_CHECK.hint}
      </p>
      <div id={errorId} className="min-h-5 text-sm text-red-700" aria-live="polite">
        {error ?? null}
      </div>
    </form>
  );
}
