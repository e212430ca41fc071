// Shared class names for the few primitives we need. Colours meet WCAG AA contrast.
// Buttons and links are component classes of app/tailwind.css (`btn`, `btn-primary`, …, `link`):
// short to send on every button of every page, and still overridden by a utility beside them.

export const buttonStyles = {
  primary: 'btn btn-primary',
  secondary: 'btn btn-secondary',
  ghost: 'btn btn-ghost',
  danger: 'btn btn-danger',
  ghostDanger: 'btn btn-ghost-danger',
} as const;

export const inputStyles =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700';

export const linkStyles = 'link';
