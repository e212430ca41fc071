// The JavaScript budgets of issue 35, in gzip bytes of everything a first visit runs (script
// files, modulepreloads, imports made while loading, inline scripts); KB = 1,024 bytes.
// `npm run budget` enforces them (npm test runs it); `npm run bench` prints them too.
export const KIB = 1024;

/** The public pages: documents without framework JavaScript (see app/components/document.tsx). */
export const PUBLIC_PAGES = [
  '/',
  '/?tool=embedded',
  '/why-ai-visibility',
  '/how-it-works',
  '/pricing',
  '/contact',
  '/legal',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/help/mcp',
  '/no-such-page',
] as const;

export const PUBLIC_BUDGET = 2 * KIB;
export const DASHBOARD_BUDGET = 105 * KIB;
export const ADMIN_BUDGET = 120 * KIB;
