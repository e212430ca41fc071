import type { z } from 'zod';
import { env } from './env.server';
import { isDomainError } from '~/domain/errors';

/**
 * The client's IP. remix-serve does not expose the socket address, so behind a reverse proxy we
 * take the address the proxy appended last to X-Forwarded-For (earlier entries are client-supplied
 * and spoofable), or X-Real-IP. Without a proxy the address is unknown (the admin panel shows N/A).
 */
export function getClientIp(request: Request): string | null {
  if (!env.TRUST_PROXY) return null;
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || request.headers.get('x-real-ip')?.trim() || null;
}

export function getClientInfo(request: Request) {
  return { ipAddress: getClientIp(request), userAgent: request.headers.get('user-agent') };
}

/** Only same-site paths: `/admin` yes; `//evil.com`, `https://…` and `/\evil` no. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/dashboard',
) {
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.startsWith('//') ||
    to.startsWith('/\\')
  ) {
    return fallback;
  }
  return to;
}

export function jsonMessage(status: number, message: string, extra?: Record<string, unknown>) {
  return Response.json({ message, ...extra }, { status });
}

/** Reads a JSON object body; anything else is a 400 the caller can return as is. */
export async function readJsonObject(
  request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
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

/** Maps a domain failure to its status and `{ message }` body; rethrows anything unexpected. */
export function domainErrorResponse(error: unknown): Response {
  if (isDomainError(error)) return jsonMessage(error.status, error.message, error.details);
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
