import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { env } from '~/lib/env.server';
import { isDomainError, type DomainError } from '~/domain/errors';
import { isCrossSite as isCrossSiteHeaders } from './cross-site';
import { MAX_BODY_BYTES } from './request-limits';
import { hasForbiddenCharacters } from '~/schemas/text';

declare module 'react-router' {
  interface AppLoadContext {
    /** The socket's peer address, from the production server (server/app.ts). */
    clientAddress?: string | null;
    /** This response's Content-Security-Policy nonce (entry.server makes one when absent). */
    cspNonce?: string;
  }
}

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is shown as `203.0.113.9`. */
function normaliseAddress(address: string | null | undefined): string | null {
  const trimmed = address?.trim();
  if (!trimmed) return null;
  return trimmed.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

/**
 * The client's IP. Without a proxy it is the socket's peer address, which the production server
 * hands over in the load context. Behind a reverse proxy (TRUST_PROXY) the socket is the proxy, so
 * we take the address the proxy appended last to X-Forwarded-For (earlier entries are
 * client-supplied and spoofable), or X-Real-IP.
 */
export function getClientIp(request: Request, context?: AppLoadContext): string | null {
  const socketAddress = normaliseAddress(context?.clientAddress);
  if (!env.TRUST_PROXY) {
    noteForwardedHeaders(request);
    return socketAddress;
  }
  const forwarded = request.headers.get('x-forwarded-for');
  return (
    normaliseAddress(forwarded?.split(',').pop()) ??
    normaliseAddress(request.headers.get('x-real-ip')) ??
    socketAddress
  );
}

let forwardedWithoutTrust = false;

export const PROXY_WARNING =
  'Requests arrive through a proxy (they carry X-Forwarded-For), but TRUST_PROXY is off: every client looks like the proxy, one address, so sign-in limits, login history and usage logs see one address for everyone. Set TRUST_PROXY=true if this site runs behind a reverse proxy.';

/** TRUST_PROXY is off but a request names a client in proxy headers: said in the log once. */
function noteForwardedHeaders(request: Request) {
  if (forwardedWithoutTrust) return;
  if (!request.headers.has('x-forwarded-for') && !request.headers.has('x-real-ip')) return;
  forwardedWithoutTrust = true;
  console.warn(`[server] ${PROXY_WARNING}`);
}

/**
 * Whether the admin panel should warn that TRUST_PROXY is off behind a proxy: this request (the
 * admin's own, which comes through the same proxy) or an earlier one carried its headers.
 */
export function proxyWarning(request: Request): string | null {
  if (env.TRUST_PROXY) return null;
  noteForwardedHeaders(request);
  return forwardedWithoutTrust ? PROXY_WARNING : null;
}

export function getClientInfo(request: Request, context?: AppLoadContext) {
  return {
    ipAddress: getClientIp(request, context),
    userAgent: request.headers.get('user-agent'),
  };
}

/**
 * Only paths on this site: `/admin` yes; `//evil.com`, `https://…`, `/\\evil.com` and paths with
 * control characters (browsers drop tabs and newlines, turning `/\t/evil.com` into `//evil.com`) no.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/dashboard',
): string {
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.includes('\\') ||
    hasForbiddenCharacters(to)
  ) {
    return fallback;
  }
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

/**
 * The destination a sign-up or sign-in form carries through its re-renders: the form's own
 * `redirectTo` field, else the page address's, and only a path on this site (see safeRedirect);
 * null when there is none, so the form falls back to its default landing page.
 */
export function keptRedirect(request: Request, formData?: FormData): string | null {
  const candidates = [
    formData?.get('redirectTo'),
    new URL(request.url).searchParams.get('redirectTo'),
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate === '') continue;
    const safe = safeRedirect(candidate, '');
    if (safe) return safe;
  }
  return null;
}

/** A request another site made the browser send (see ~/http/cross-site). */
export function isCrossSite(request: Request): boolean {
  return isCrossSiteHeaders(
    request.headers,
    request.headers.get('host') ?? new URL(request.url).host,
  );
}

export { MAX_BODY_BYTES };

function tooLarge(request: Request) {
  return Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES;
}

/**
 * The form body of a page action. Browsers always send a readable form; anything else (JSON, broken
 * multipart, an oversized body) is answered with a 4xx instead of crashing the action.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (tooLarge(request)) throw new Response('Request body too large', { status: 413 });
  try {
    return await request.formData();
  } catch {
    throw new Response('The form could not be read', { status: 400 });
  }
}

export function jsonMessage(status: number, message: string, extra?: Record<string, unknown>) {
  return Response.json({ message, ...extra }, { status });
}

/** Reads a JSON object body; anything else is a 400 the caller can return as is. */
export async function readJsonObject(
  request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  if (tooLarge(request)) return { ok: false, response: jsonMessage(413, 'Request body too large') };
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    // Also keeps cross-site HTML forms (which cannot send application/json) away from the API.
    return { ok: false, response: jsonMessage(415, 'Content-Type must be application/json') };
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, response: jsonMessage(400, 'Request body must be valid JSON') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, response: jsonMessage(400, 'Request body must be a JSON object') };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

/** A throttled request's Retry-After (seconds), when the refusal says how long. */
export function retryAfterHeader(error: DomainError): string | undefined {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' ? String(seconds) : undefined;
}

export function retryAfterHeaders(error: DomainError): Record<string, string> {
  const retryAfter = retryAfterHeader(error);
  return retryAfter ? { 'Retry-After': retryAfter } : {};
}

/** Maps a domain failure to its status and `{ message }` body; rethrows anything unexpected. */
export function domainErrorResponse(error: unknown): Response {
  if (isDomainError(error)) {
    const response = jsonMessage(error.status, error.message, error.details);
    const retryAfter = retryAfterHeader(error);
    if (retryAfter) response.headers.set('Retry-After', retryAfter);
    return response;
  }
  throw error;
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: 'Method not allowed' },
    { status: 405, headers: { Allow: allowed.join(', ') } },
  );
}

/** A 400 naming the first problem of a payload that failed its schema. */
export function invalidPayload(error: z.ZodError, body: Record<string, unknown>) {
  const issue = error.issues[0];
  if (!issue) return jsonMessage(400, 'Invalid request body');
  const field = issue.path.join('.');
  const value = issue.path.reduce<unknown>(
    (node, key) =>
      node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    body,
  );
  if (issue.code === 'invalid_type') {
    return jsonMessage(
      400,
      value === undefined || value === null
        ? `${field} is required`
        : `${field} must be a ${issue.expected}`,
    );
  }
  return jsonMessage(400, field ? `${field}: ${issue.message}` : issue.message);
}

/** A JSON body checked against its schema: the value, or the 4xx `{ message }` to answer with. */
export async function readJsonPayload<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonObject(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.body);
  if (!parsed.success) return { ok: false, response: invalidPayload(parsed.error, body.body) };
  return { ok: true, value: parsed.data };
}

/**
 * The action of a JSON endpoint anyone may call with a POST (the /api/auth routes): another method
 * is 405, a body that fails its schema is 400 `{ message }` (readJsonPayload), and a DomainError
 * the handler throws is its status and `{ message }` (domainErrorResponse). An endpoint that needs
 * a signed-in caller checks that before it reads the body, so it does not fit here.
 */
export function jsonPostAction<Schema extends z.ZodType>(
  schema: Schema,
  handle: (value: z.output<Schema>, args: ActionFunctionArgs) => Promise<Response>,
) {
  return async (args: ActionFunctionArgs): Promise<Response> => {
    if (args.request.method !== 'POST') return methodNotAllowed(['POST']);
    const payload = await readJsonPayload(args.request, schema);
    if (!payload.ok) return payload.response;
    try {
      return await handle(payload.value, args);
    } catch (error) {
      return domainErrorResponse(error);
    }
  };
}
