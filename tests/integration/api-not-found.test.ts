import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { flatRoutes } from '@react-router/fs-routes';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import * as apiNotFound from '~/routes/api.$';
import * as login from '~/routes/api.auth.login';
import { args, jsonRequest, run } from './helpers';

// /api/<anything unknown> answers a JSON client in JSON, not with the site's HTML 404 page.

/** The app's routes, as app/routes.ts builds them from the file names. */
async function appRoutes(): Promise<RouteObject[]> {
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory =
    path.resolve('app');
  const toObject = (entry: RouteConfigEntry): RouteObject =>
    ({
      id: entry.file,
      path: entry.path,
      index: entry.index,
      children: entry.children?.map(toObject),
    }) as RouteObject;
  return [{ id: 'root.tsx', path: '', children: (await flatRoutes()).map(toObject) }];
}

async function routeFileOf(pathname: string) {
  const matches = matchRoutes(await appRoutes(), pathname) ?? [];
  return matches.at(-1)?.route.id;
}

describe('unknown /api/* paths', () => {
  it('are routed to the JSON 404, and known API paths still to their own routes', async () => {
    for (const pathname of ['/api/nope', '/api/businesses/x/unknown', '/API/Nope', '/api']) {
      expect(await routeFileOf(pathname), pathname).toBe('routes/api.$.ts');
    }
    expect(await routeFileOf('/api/auth/login')).toBe('routes/api.auth.login.ts');
    expect(await routeFileOf('/api/businesses/abc')).toBe('routes/api.businesses.$id.ts');
    // Pages are not affected: an unknown page is still the HTML 404 page.
    expect(await routeFileOf('/apiary')).toBe('routes/$.tsx');
  });

  it('answer 404 { message } whatever the method', async () => {
    for (const answer of [
      await run(() => apiNotFound.loader()),
      await run(() => apiNotFound.action()),
    ]) {
      expect(answer).toMatchObject({ status: 404, data: { message: 'Not found' } });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('a known path with a method it does not answer stays 405 with Allow', async () => {
    const answer = await run(() => login.loader());
    expect(answer).toMatchObject({ status: 405, data: { message: 'Method not allowed' } });
    expect(answer.headers.get('Allow')).toBe('POST');
    const put = await run(() =>
      login.action(args(jsonRequest('/api/auth/login', { method: 'PUT', body: {} }))),
    );
    expect(put.status).toBe(405);
  });
});
