// Debian's Chromium (Playwright's own browser download cannot reach its host here) and the flags
// it needs in this sandbox; without the background-networking ones it floods the closed network.

/** The full browser: Lighthouse (`npm run bench`, `npm run budget -- --lighthouse`) and `--headed`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same Chromium's headless shell (Debian's chromium-headless-shell, the browser Playwright
 * itself runs headless): the journeys and the JavaScript budget. Without the full browser's
 * compositor and window machinery it spends about a third of the CPU on the same pages (the
 * dashboard journeys: 23.5 CPU s against 64.4), on a machine whose two cores the journeys share
 * with both test suites.
 */
export const HEADLESS_CHROMIUM_PATH =
  process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
