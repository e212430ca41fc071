import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

export type JsWeight = { files: { url: string; gzip: number }[]; gzip: number };

/**
 * Every JavaScript file a first visit to `url` fetches (a fresh browser, nothing cached), with its
 * gzip size at the default level, the one the server sends. Exact for a given build.
 */
export async function jsWeight(browser: Browser, url: string, cookie?: string): Promise<JsWeight> {
  const context = await browser.newContext(
    cookie ? { extraHTTPHeaders: { Cookie: cookie } } : undefined,
  );
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url())) {
      bodies.set(response.url(), response.body());
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(
    [...bodies].map(async ([file, body]) => ({
      url: new URL(file).pathname,
      gzip: gzipSync(await body).length,
    })),
  );
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
