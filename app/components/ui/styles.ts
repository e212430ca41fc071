// Shared class names for the few primitives we need. Colours meet WCAG AA contrast.

// The colours fade on hover, but not the outline: `transition-colors` includes `outline-color`, so
// a focused button's ring faded in from the unfocused `currentColor`, white on the blue buttons (a
// white ring on a white page). The ring (brand or red, 2px, 2px off the button, so on the page's
// background) appears at once.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-[color,background-color,border-color] focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-brand-600`,
  ghost: `${base} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
} as const;

export const inputStyles =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700';

export const linkStyles =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
