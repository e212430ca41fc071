// One line of an access log, read into the few fields crawler visits need, whatever wrote it:
// Apache/Nginx "combined" and "common" lines, Caddy's JSON access log, JSON lines with the fields
// of Cloudflare's HTTP request logs (Logpush, or our Worker), and the objects Vercel's and
// Netlify's log drains send. A line no format reads is null (counted as "not understood"). Pure.

import { readClfLine } from './clf-line';

export type LogRecord = {
  at: Date;
  /** The client's address as logged; used only to verify an agent, then dropped. */
  ip: string | null;
  method: string;
  /** The path and query asked for ("/menu?x=1"). */
  path: string;
  status: number;
  userAgent: string | null;
  referer: string | null;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => {
  if (Array.isArray(value)) return text(value[0]);
  return typeof value === 'string' && value !== '' && value !== '-' ? value : null;
};
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Seconds, milliseconds or nanoseconds since 1970, or an ISO/RFC 3339 string. */
function timeOf(value: unknown): Date | null {
  const n = typeof value === 'number' ? value : null;
  if (n !== null) {
    const ms = n > 1e17 ? n / 1e6 : n > 1e11 ? n : n * 1000;
    return new Date(ms);
  }
  if (typeof value === 'string' && value) {
    const parsed = /^\d+(\.\d+)?$/.test(value) ? timeOf(Number(value)) : new Date(value);
    return parsed && Number.isFinite(parsed.getTime()) ? parsed : null;
  }
  return null;
}

function header(headers: unknown, name: string): string | null {
  if (!isObject(headers)) return null;
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return text(value);
  return null;
}

function record(fields: {
  at: unknown;
  ip: unknown;
  method: unknown;
  path: unknown;
  status: unknown;
  userAgent: unknown;
  referer: unknown;
}): LogRecord | null {
  const at = timeOf(fields.at);
  const path = text(fields.path);
  const status = number(fields.status);
  if (!at || !path || status === null || status < 100 || status > 599) return null;
  let pathOnly = path;
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      pathOnly = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  return {
    at,
    ip: text(fields.ip),
    method: (text(fields.method) ?? 'GET').toUpperCase(),
    path: pathOnly,
    status,
    userAgent: text(fields.userAgent),
    referer: text(fields.referer),
  };
}

/** One JSON object of any supported shape (Caddy, Cloudflare, Vercel, Netlify). */
export function readLogObject(value: unknown): LogRecord | null {
  if (!isObject(value)) return null;
  // Caddy: { ts, request: { remote_ip, client_ip, method, uri, headers }, status }
  if (isObject(value.request) && 'status' in value) {
    const request = value.request;
    return record({
      at: value.ts,
      ip: request.client_ip ?? request.remote_ip,
      method: request.method,
      path: request.uri,
      status: value.status,
      userAgent: header(request.headers, 'user-agent'),
      referer: header(request.headers, 'referer'),
    });
  }
  // Cloudflare HTTP request logs (Logpush fields; our Worker sends the same).
  if ('ClientRequestUserAgent' in value || 'EdgeResponseStatus' in value) {
    return record({
      at: value.EdgeStartTimestamp,
      ip: value.ClientIP,
      method: value.ClientRequestMethod,
      path: value.ClientRequestURI ?? value.ClientRequestPath,
      status: value.EdgeResponseStatus,
      userAgent: value.ClientRequestUserAgent,
      referer: value.ClientRequestReferer,
    });
  }
  // Vercel log drains: { timestamp, proxy: { clientIp, method, path, statusCode, userAgent, referer } }
  if (isObject(value.proxy)) {
    const proxy = value.proxy;
    return record({
      at: value.timestamp ?? proxy.timestamp,
      ip: proxy.clientIp,
      method: proxy.method,
      path: proxy.path,
      status: proxy.statusCode,
      userAgent: proxy.userAgent,
      referer: proxy.referer,
    });
  }
  // Netlify log drains (traffic logs) and plain JSON lines with the usual names.
  return record({
    at: value.timestamp ?? value.time ?? value.date,
    ip: value.client_ip ?? value.clientIp ?? value.ip,
    method: value.method,
    path: value.url ?? value.path ?? value.uri,
    status: value.status_code ?? value.statusCode ?? value.status,
    userAgent: value.user_agent ?? value.userAgent ?? value['user-agent'],
    referer: value.referrer ?? value.referer,
  });
}

/** One line of a log, in any supported format; null when none reads it. */
export function readLogLine(line: string): LogRecord | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{')) {
    try {
      return readLogObject(JSON.parse(trimmed));
    } catch {
      return null;
    }
  }
  return readClfLine(trimmed);
}
