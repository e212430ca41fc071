import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import { planOfRedirect, planPhrase } from '~/content/plans';
import { redirectIfSignedIn } from './auth.server';
import { keptRedirect, readFormData, safeRedirect } from './http.server';

// What the sign-in and sign-up pages (/login, /register) share on the server: both keep the
// destination a visitor was headed to (a plan's checkout, a page that asked them to sign in)
// through every re-render of the form, in its hidden field and in the address the form posts to
// (withRedirect in ~/components/auth-card).

/**
 * The page's loader data: a signed-in visitor goes straight on to the destination; anyone else gets
 * the form's constraints, the destination (only a path on this site, else null) and, on the way to
 * a plan's checkout, the plan and its price for the page to name.
 */
export async function signInPageData(request: Request, schema: z.ZodType) {
  const redirectTo = keptRedirect(request);
  await redirectIfSignedIn(request, safeRedirect(redirectTo));
  const plan = planOfRedirect(redirectTo);
  return {
    constraint: getZodConstraint(schema),
    plan: plan ? planPhrase(plan) : null,
    redirectTo,
  };
}

type Refusal = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/**
 * The posted form, parsed with its schema, and the destination it keeps (the form's field, else
 * the address's). `refuse` is the action's reply to a submission it turns away: the errors, the
 * values typed but never the `hideFields` (passwords), and the destination, so the page that
 * re-renders still knows where the visitor was going.
 */
export async function readSignInForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  hideFields: string[],
) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema });
  const redirectTo = keptRedirect(request, formData);
  const refuse = (status: number, refusal: Refusal = {}, headers?: Record<string, string>) =>
    data({ ...submission.reply({ ...refusal, hideFields }), redirectTo }, { status, headers });
  return { submission, redirectTo, refuse };
}
