import { db } from '~/lib/db.server';
import * as crawlersApi from '~/routes/api.businesses.$id.crawlers';
import * as ingest from '~/routes/api.ingest.$token';
import * as page from '~/routes/dashboard_.businesses.$id.crawlers/route';
import { expect } from 'vitest';
import { args, BASE, callRoute, createUser, formRequest, run, sessionCookieFor } from './helpers';

// What the log drain tests share (log-drains*.test.ts): entries in Vercel's and Netlify's shapes,
// an owner with a business (also the crawler visits tests'), the page's drain forms, and calls of
// the ingest route.

export { BROWSER, CHATGPT_USER, GPTBOT } from '~/domain/tracking/visits/test-lines';

export const now = Date.now();
export const today = new Date(now).toISOString().slice(0, 10);

/** An entry of Vercel's log drain for a request served at the edge. */
export function vercel(
  id: string,
  ip: string,
  path: string,
  status: number,
  ua: string,
  referer = '',
) {
  return {
    id,
    deploymentId: 'dpl_233NRGRjVZX1caZrXWtz5g1TAksD',
    source: 'edge',
    host: 'lonestar.example',
    timestamp: now - 60_000,
    projectId: 'gdufoJxB6b9b1fEqr1jUtFkyavUU',
    level: 'info',
    proxy: {
      timestamp: now - 60_000,
      method: 'GET',
      host: 'lonestar.example',
      path,
      userAgent: [ua],
      referer,
      statusCode: status,
      clientIp: ip,
      region: 'iad1',
      vercelCache: 'HIT',
    },
  };
}

/** A line of Netlify's traffic log drain. */
export function netlify(ip: string, url: string, status: number, ua: string, referrer = '') {
  return {
    client_ip: ip,
    content_type: 'text/html',
    duration: 12,
    log_type: 'traffic',
    method: 'GET',
    referrer,
    request_id: `01J${Math.random().toString(36).slice(2)}`,
    status_code: status,
    timestamp: new Date(now - 60_000).toISOString(),
    url,
    user_agent: ua,
  };
}

export const ndjson = (entries: object[]) =>
  entries.map((entry) => JSON.stringify(entry)).join('\n');

/** A signed-in owner on `tier` with a business: its cookie, and its bearer token as `auth`. */
export async function owner(tier = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { cookie, token } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: { userId: user.id, name: 'Lone Star Plumbing', website: 'https://lonestar.example' },
  });
  return { user, business, cookie, auth: { Authorization: `Bearer ${token}` } };
}

export const pathOf = (id: string) => `/dashboard/businesses/${id}/crawlers`;

export function submit(id: string, cookie: string, fields: Record<string, string>) {
  return run(() =>
    page.action(args(formRequest(pathOf(id), fields, { Cookie: cookie }), { id }) as never),
  );
}

type Created = { created: { prefix: string; url: string; workerScript: string } };

/** Makes a drain on the page's form; returns its token (the last part of its address). */
export async function makeDrain(id: string, cookie: string, fields: Record<string, string> = {}) {
  const res = await submit(id, cookie, { intent: 'drain-create', ...fields });
  expect(res.status).toBe(200);
  const { created } = res.data as Created;
  return { ...created, token: created.url.split('/').at(-1)! };
}

export function post(token: string, body: string, headers: Record<string, string> = {}) {
  const request = new Request(`${BASE}/api/ingest/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-ndjson', ...headers },
    body,
  });
  return run(() => ingest.action(args(request, { token }) as never));
}

export function check(token: string) {
  return run(() =>
    ingest.loader(args(new Request(`${BASE}/api/ingest/${token}`), { token }) as never),
  );
}

export function visits(businessId: string, auth: Record<string, string>) {
  return callRoute(
    crawlersApi,
    'loader',
    `/api/businesses/${businessId}/crawlers?days=7`,
    { id: businessId },
    { headers: auth },
  );
}

export async function counted(businessId: string) {
  const [imports, agents, referrals, seen] = await Promise.all([
    db.crawlerLogImport.count({ where: { businessId } }),
    db.crawlerVisitStat.count({ where: { businessId } }),
    db.referralStat.count({ where: { businessId } }),
    db.crawlerDaySeen.count({ where: { businessId } }),
  ]);
  return imports + agents + referrals + seen;
}
