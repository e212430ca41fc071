import { registerUser, type PublicUser } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import { sessionCookie } from '~/http/auth.server';
import { takeToast } from '~/http/toast.server';
import { db } from '~/lib/db.server';

export const BASE = 'http://localhost';

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function createUser(
  overrides: {
    email?: string;
    password?: string;
    firstName?: string;
    role?: 'user' | 'admin';
  } = {},
): Promise<PublicUser & { password: string }> {
  const password = overrides.password ?? 'correct-horse-battery';
  const user = await registerUser(
    { email: overrides.email ?? uniqueEmail(), password, firstName: overrides.firstName },
    { role: overrides.role ?? 'user' },
  );
  return { ...user, password };
}

let clients = 0;
/**
 * A client address of its own (sent as X-Forwarded-For; the tests run with TRUST_PROXY), so the
 * per-address limits count each request of a test apart from the others.
 */
export function nextClientAddress() {
  clients += 1;
  return `192.0.2.${(clients % 250) + 1}`;
}

/** A signed-in browser: the Cookie header of a fresh session for the user. */
export async function sessionCookieFor(userId: string) {
  const { token } = await createSession(userId, { ipAddress: '203.0.113.9', userAgent: 'vitest' });
  const setCookie = await sessionCookie.serialize(token);
  return { token, cookie: setCookie.split(';')[0]! };
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  headers: HeadersInit = {},
) {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

export function jsonRequest(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  return new Request(`${BASE}${path}`, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

/** React Router route function arguments for a request (`pattern`: the path, as no route uses it). */
export function args(request: Request, params: Record<string, string> = {}) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context: {} };
}

export async function countRows() {
  const [users, sessions] = await Promise.all([db.user.count(), db.session.count()]);
  return { users, sessions };
}

/**
 * What a route function answered, whatever its form: a Response (redirects, resource routes), a
 * `data()` result (status + payload) or a plain object (200).
 */
export async function settle(
  result: unknown,
): Promise<{ status: number; headers: Headers; data: unknown }> {
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: result.status, headers: result.headers, data };
  }
  if (
    result &&
    typeof result === 'object' &&
    'type' in result &&
    result.type === 'DataWithResponseInit'
  ) {
    const { data, init } = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

/** Runs a route function that may throw a Response (redirects, 404s) and settles either way. */
export async function run(fn: () => unknown) {
  try {
    return await settle(await fn());
  } catch (thrown) {
    if (thrown instanceof Response) return settle(thrown);
    throw thrown;
  }
}

/** Calls a route module's loader or action with a JSON request, as the API's clients do. */
export function callRoute(
  module: { loader?: unknown; action?: unknown },
  kind: 'loader' | 'action',
  path: string,
  params: Record<string, string>,
  init: Parameters<typeof jsonRequest>[1] = {},
) {
  const fn = module[kind] as (a: ReturnType<typeof args>) => unknown;
  return run(() => fn(args(jsonRequest(path, init), params)));
}

/** The flash toast a redirect carries (its Set-Cookie), as the next page load would see it. */
export async function toastOf(headers: Headers) {
  const cookie = headers.get('set-cookie')?.split(';')[0] ?? '';
  const { toast } = await takeToast(new Request(BASE, { headers: { Cookie: cookie } }));
  return toast;
}
