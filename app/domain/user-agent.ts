// A readable name for the device behind a session ("Firefox on Windows"), from its User-Agent.
// Good enough to tell one's own phone from one's laptop; it never decides anything.
//
// Order matters: most browsers also name the engines they are compatible with (Edge, Opera and
// Samsung Internet say "Chrome" and "Safari"; every iOS browser says "Safari"; Android says
// "Linux"), so the more specific token is tried first.

const BROWSERS: [RegExp, string][] = [
  [/\b(Edge?|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(OPR|OPiOS|OPT|Opera)\/|^Opera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\bPlaywright\//, 'Playwright'],
  [/\bnode-fetch\b|\bundici\b|^node\b/i, 'Node.js'],
  [/\bpython-requests\b|\bpython\b/i, 'Python'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device');
}
