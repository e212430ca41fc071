// The visibility page's loader (/dashboard/businesses/{id}/visibility), called as React Router
// calls it for a signed-in browser: a GET with the owner's session cookie. It reads the figures,
// the prompts table, the suggestions and competitors, Run now's allowance, the budget and the
// first page of answers.
import { createSession } from '~/domain/sessions.server';
import { sessionCookie } from '~/http/auth.server';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';

export async function signIn(userId: string): Promise<string> {
  const { token } = await createSession(userId, { ipAddress: '203.0.113.9', userAgent: 'bench' });
  return (await sessionCookie.serialize(token)).split(';')[0]!;
}

export async function pageData(cookie: string, businessId: string) {
  const url = `http://localhost/dashboard/businesses/${businessId}/visibility`;
  const request = new Request(url, { headers: { Cookie: cookie } });
  const result = await page.loader({
    request,
    params: { id: businessId },
    context: {},
    url: new URL(url),
    pattern: '/dashboard/businesses/:id/visibility',
  } as unknown as Parameters<typeof page.loader>[0]);
  return result.data;
}
