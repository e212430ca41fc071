import { createCookieSessionStorage } from 'react-router';
import { z } from 'zod';
import { cookieSecure, env } from '~/lib/env.server';
import { isDocumentPage } from '~/content/document-pages';

// Flash toasts: an action sets one before redirecting, the next page load shows it once.
// This is what keeps feedback alive across a JavaScript-off round trip.

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'destructive']).default('default'),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

const KEY = 'toast';
const storage = createCookieSessionStorage({
  cookie: {
    name: 'toast',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure,
    secrets: [env.SESSION_SECRET],
  },
});

export async function setToastCookie(toast: ToastInput, request?: Request): Promise<string> {
  const session = await storage.getSession(request?.headers.get('cookie'));
  session.flash(KEY, ToastSchema.parse(toast));
  return storage.commitSession(session);
}

/** Reads and consumes the flash toast; returns the Set-Cookie that clears it (if there was one). */
export async function takeToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const session = await storage.getSession(request.headers.get('cookie'));
  // (`has` before `get`: reading a flash value consumes it.)
  if (!session.has(KEY)) return { toast: null, headers: undefined };
  const parsed = ToastSchema.safeParse(session.get(KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { 'Set-Cookie': await storage.destroySession(session) },
  };
}

/** A redirect that carries a toast to the next page. */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init: { headers?: HeadersInit; request?: Request } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await setToastCookie(toast, init.request));
  headers.set('Location', url);
  // From a scripted page to a document page: the browser loads the document itself (React Router's
  // redirectDocument), which shows the message (see ~/content/document-pages).
  if (isDocumentPage(url)) headers.set('X-Remix-Reload-Document', 'true');
  return new Response(null, { status: 302, headers });
}
