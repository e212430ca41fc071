import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

import { CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH } from './chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

export type JsWeight = {
  files: { url: string; gzip: number }[];
  /** The page's inline <script> elements, speculation rules included, each gzipped on its own. */
  inline: { count: number; gzip: number };
  /** <link rel="modulepreload"> elements in the page. */
  modulepreloads: number;
  /** Files and inline scripts together. */
  gzip: number;
  /** Where the visit ended (a signed-in visitor to /login is sent on to the dashboard). */
  finalUrl: string;
};

/**
 * Every JavaScript file a first visit to `url` fetches (a fresh browser, nothing cached: script
 * tags, modulepreloads and whatever the page imports while it loads), with its gzip size at the
 * default level, the one the server sends, plus the page's inline scripts. Exact for a given build.
 */
export async function jsWeight(browser: Browser, url: string, cookie?: string): Promise<JsWeight> {
  const context = await browser.newContext();
  // In the browser's cookie jar (a Cookie header of our own would hide the cookies pages set).
  if (cookie) {
    const [name = '', ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url }]);
  }
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url())) {
      bodies.set(response.url(), response.body());
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const inlineScripts = await page.$$eval('script:not([src])', (scripts) =>
    scripts.map((script) => script.textContent ?? ''),
  );
  const modulepreloads = await page.locator('link[rel="modulepreload"]').count();
  const finalUrl = page.url();
  const files = await Promise.all(
    [...bodies].map(async ([file, body]) => ({
      url: new URL(file).pathname,
      gzip: gzipSync(await body).length,
    })),
  );
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  const inline = {
    count: inlineScripts.length,
    gzip: inlineScripts.reduce((sum, text) => sum + gzipSync(text).length, 0),
  };
  return {
    files,
    inline,
    modulepreloads,
    finalUrl,
    gzip: files.reduce((sum, file) => sum + file.gzip, 0) + inline.gzip,
  };
}
