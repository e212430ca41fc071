import { createCookie, redirect, type AppLoadContext } from 'react-router';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { signIn, type PublicUser } from '~/domain/accounts.server';
import { ADMIN_REQUIRED_MESSAGE } from '~/domain/admin.server';
import { isAdmin } from '~/domain/users';
import { DomainError } from '~/domain/errors';
import { createSession, endSession, getSessionUser } from '~/domain/sessions.server';
import { looksLikeApiKey, noteApiKeyUse, verifyApiKey } from '~/domain/api-keys.server';
import { API_KEY_RATE_LIMIT_MESSAGE, takeApiKeyRequest } from './api-key-limit.server';
import { LoginSchema } from '~/schemas/auth';
import { cookieSecure, env } from '~/lib/env.server';
import { deviceIdFor, issueDeviceCookie } from './device-cookie.server';
import { verifyAccessToken } from '~/domain/oauth/tokens.server';
import { getClientInfo, getClientIp, jsonMessage } from './http.server';
import { getOrigin } from './origin.server';
import { bearerToken } from './request-limits';
import { redirectWithToast, type ToastInput } from './toast.server';

// The session cookie holds the session token (signed); the row lives in the database.
export const sessionCookie = createCookie('__session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: cookieSecure,
  secrets: [env.SESSION_SECRET],
  maxAge: env.SESSION_TTL_DAYS * 24 * 60 * 60,
});

// remix-auth's form strategy checks the credentials of the login form. The form was validated with
// the same LoginSchema first, so a parse failure here means a tampered request.
// The strategy's callback sees only a request (remix-auth hands it a copy), so authenticateForm
// gives it one that carries the client address from the load context in a header of our own,
// always overwritten here: a value a client sent under that name never counts.
const CLIENT_ADDRESS_HEADER = 'x-aiv-sign-in-client-address';
const authenticator = new Authenticator<PublicUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new DomainError('invalid_input', 'Invalid email or password');
    const ipAddress = request.headers.get(CLIENT_ADDRESS_HEADER) || null;
    const deviceId = await deviceIdFor(request, parsed.data.email);
    return signIn(parsed.data, { ipAddress, deviceId });
  }),
  'form',
);

/** Checks the login form's credentials (remix-auth's form strategy). */
export function authenticateForm(request: Request, context?: AppLoadContext) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, getClientIp(request, context) ?? '');
  const withClient = new Request(request, { headers, duplex: 'half' } as RequestInit);
  return authenticator.authenticate('form', withClient);
}

/** The session token from the cookie, or from `Authorization: Bearer <token>` (the JSON API). */
export async function getSessionToken(request: Request): Promise<string | null> {
  const authorization = request.headers.get('authorization');
  const bearer = bearerToken(authorization);
  if (bearer) return bearer;
  const value: unknown = await sessionCookie.parse(request.headers.get('cookie'));
  return typeof value === 'string' && value ? value : null;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  const token = await getSessionToken(request);
  return token ? getSessionUser(token) : null;
}

function loginUrl(request: Request) {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

/** Who calls the JSON API: the user, and the API key they called with (null: a login's token). */
export type ApiCaller = { user: PublicUser; apiKeyId: string | null };

export const API_KEY_REFUSED_MESSAGE =
  'An API key cannot change the password, e-mail, plan or API keys, or delete the account. Sign in to the site to do this.';
export const OAUTH_TOKEN_REFUSED_MESSAGE =
  'This access token was issued to an app for the MCP server at /mcp only: it cannot call the JSON API. Use an API key or sign in.';
export const API_KEY_ADMIN_MESSAGE =
  'API keys cannot make admin calls. Sign in to the site as an admin to do this.';

/**
 * An API key in `Authorization: Bearer aiv_…`: its owner, or null when the key is unknown or
 * revoked. Each use counts against the key's rate, `calls` times for a batch of calls (429
 * `{ message }` with Retry-After past it)
 * and is noted for "last used" (written in a batch, not per request).
 */
export async function apiKeyCaller(request: Request, calls = 1): Promise<ApiCaller | null> {
  const bearer = bearerToken(request.headers.get('authorization'));
  if (!bearer || !looksLikeApiKey(bearer)) return null;
  const verified = await verifyApiKey(bearer);
  if (!verified) return null;
  const decision = takeApiKeyRequest(verified.keyId, undefined, undefined, calls);
  if (!decision.allowed) {
    throw Response.json(
      { message: API_KEY_RATE_LIMIT_MESSAGE },
      { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
    );
  }
  noteApiKeyUse(verified.keyId);
  return { user: verified.user, apiKeyId: verified.keyId };
}

/**
 * The JSON API's caller: an API key (acting as its owner), a login's Bearer token or the session
 * cookie. `apiKeys: 'refuse'` (the account's password, e-mail, deletion and its keys) answers a
 * key with 403 `{ message }`. No live session or key is a 401 `{ message }`.
 */
export async function requireApiCaller(
  request: Request,
  { apiKeys = 'allow' }: { apiKeys?: 'allow' | 'refuse' } = {},
): Promise<ApiCaller> {
  const bearer = bearerToken(request.headers.get('authorization'));
  if (bearer && looksLikeApiKey(bearer)) {
    const caller = await apiKeyCaller(request);
    if (!caller) throw jsonMessage(401, 'Authentication required');
    if (apiKeys === 'refuse') throw jsonMessage(403, API_KEY_REFUSED_MESSAGE);
    return caller;
  }
  const user = await getUser(request);
  if (user) return { user, apiKeyId: null };
  // An app's OAuth access token reaches the MCP tools only: account, billing, keys, admin and
  // the rest of the JSON API refuse it, as they refuse what a key may not do.
  if (bearer && (await verifyAccessToken(getOrigin(request), bearer))) {
    throw jsonMessage(403, OAUTH_TOKEN_REFUSED_MESSAGE);
  }
  throw jsonMessage(401, 'Authentication required');
}

/** The JSON API: no live session (or API key) is a 401 `{ message }`. */
export async function requireApiUser(
  request: Request,
  options?: { apiKeys?: 'allow' | 'refuse' },
): Promise<PublicUser> {
  return (await requireApiCaller(request, options)).user;
}

/**
 * The admin JSON API: a visitor is 401, a signed-in non-admin 403 `{ message }`, and so is an API
 * key, even an admin's: a key acts for an owner, never as an admin.
 */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const caller = await requireApiCaller(request);
  if (caller.apiKeyId) throw jsonMessage(403, API_KEY_ADMIN_MESSAGE);
  if (!isAdmin(caller.user)) throw jsonMessage(403, ADMIN_REQUIRED_MESSAGE);
  return caller.user;
}

/** Pages: a visitor is sent to the login screen and brought back afterwards. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) {
    throw await redirectWithToast('/dashboard', {
      title: 'Access Denied',
      description: 'You need admin privileges to access this page',
      variant: 'destructive',
    });
  }
  return user;
}

/** Pages: a signed-in user has no business on /login or /register. */
export async function redirectIfSignedIn(request: Request, to = '/dashboard') {
  if (await getUser(request)) throw redirect(to);
}

/**
 * Starts a session for the user and redirects with the session cookie set, and the device cookie
 * that recognises this browser at the account's next sign-in (~/http/device-cookie.server).
 */
export async function startSessionAndRedirect(
  request: Request,
  context: AppLoadContext | undefined,
  user: Pick<PublicUser, 'id' | 'email'>,
  redirectTo: string,
  toast?: ToastInput,
) {
  const previous = await getSessionToken(request);
  if (previous) await endSession(previous);
  const { token } = await createSession(user.id, getClientInfo(request, context));
  const headers = new Headers();
  headers.append('Set-Cookie', await sessionCookie.serialize(token));
  headers.append('Set-Cookie', await issueDeviceCookie(request, user.email));
  if (toast) return redirectWithToast(redirectTo, toast, { headers, request });
  return redirect(redirectTo, { headers });
}

export async function logout(request: Request) {
  const token = await getSessionToken(request);
  if (token) await endSession(token);
  return redirectWithToast(
    '/',
    { title: 'Signed out', description: 'You have been logged out.' },
    { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } },
  );
}
