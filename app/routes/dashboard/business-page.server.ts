import { data } from 'react-router';
import { BUSINESS_NOT_FOUND_MESSAGE, findBusiness } from '~/domain/businesses.server';
import { isDomainError } from '~/domain/errors';
import { requireUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';

// The server side the pages of one business (audit, visibility, sources, crawlers) and their forms
// share: the signed-in owner and their business, or the 404 page (someone else's business is
// "not found", as on the JSON API), and the loader's answer, never cached.

/** The 404 page of a business that is not the user's (someone else's, or gone). */
function businessNotFound(): never {
  throw new Response(BUSINESS_NOT_FOUND_MESSAGE, { status: 404 });
}

/**
 * For a page's or a form's catch: the business is not the user's → the 404 page. Any other error
 * is left to the caller (a question or a drain not found is the form's error, not the page's).
 */
export function throwIfBusinessNotFound(error: unknown) {
  if (
    isDomainError(error) &&
    error.code === 'not_found' &&
    error.message === BUSINESS_NOT_FOUND_MESSAGE
  )
    businessNotFound();
}

/** For a promise's catch: the 404 page of throwIfBusinessNotFound, else the error again. */
export function notFoundPage(error: unknown): never {
  throwIfBusinessNotFound(error);
  throw error;
}

/** The signed-in user (else the way to log in) and their business `id` (else the 404 page). */
export async function ownerAndBusiness(request: Request, id: string) {
  const user = await requireUser(request);
  const business = await findBusiness(user, id);
  if (!business) businessNotFound();
  return { user, business };
}

/** A signed-in page's loader data: private to its user, never stored by a cache. */
export function privatePage<T>(body: T) {
  return data(body, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
}
