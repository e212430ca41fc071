import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BASE } from './helpers';

// Issue 44, item 1: the home page's free check is ours. Its hero is a plain form that posts the
// website to /free-check (no JavaScript needed), its final banner links there, and the external
// GPT appears only as the secondary section, and only while its address is configured (the old
// placeholder address counts as not configured).

async function homeHtml(freeGptUrl: string | undefined) {
  vi.resetModules();
  if (freeGptUrl === undefined) delete process.env.FREE_GPT_URL;
  else process.env.FREE_GPT_URL = freeGptUrl;
  const home = await import('~/routes/_index/route');
  const routes: RouteObject[] = [
    { id: 'home', path: '/', loader: home.loader, Component: home.default },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${BASE}/`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context }));
}

describe('the home page’s free check', () => {
  it('is a plain form posting the website to our own /free-check, and the final banner leads there', async () => {
    const html = await homeHtml(undefined);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/free-check"/);
    expect(html).toMatch(/<input[^>]*name="website"/);
    expect(html).toContain('Get Your Free AI Visibility Check</button>');
    expect(html).toMatch(/<a[^>]*href="\/free-check"[^>]*>Start Your Free AI Visibility Check/);
  });

  it('hides the external GPT while its address is not configured, or is the old placeholder', async () => {
    for (const value of [undefined, 'https://chatgpt.com/g/g-free-ai-visibility-check']) {
      const html = await homeHtml(value);
      expect(html).not.toContain('chatgpt.com');
      expect(html).not.toContain('Open Free GPT');
    }
  });

  it('shows the GPT as the secondary section once its address is configured', async () => {
    const html = await homeHtml('https://chatgpt.com/g/g-real-gpt');
    expect(html).toContain('href="https://chatgpt.com/g/g-real-gpt"');
    expect(html).toContain('Prefer to ask in ChatGPT?');
    // Still second: the hero's call to action is our own form.
    expect(html.indexOf('action="/free-check"')).toBeLessThan(html.indexOf('chatgpt.com'));
    delete process.env.FREE_GPT_URL;
  });
});
