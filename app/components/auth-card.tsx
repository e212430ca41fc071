import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { planOfRedirect, planPhrase } from '~/content/plans';
import { FormAlert } from './ui/field';
import type { useServerForm } from './ui/server-form';
import { linkStyles } from './ui/styles';

export function AuthCard({
  title,
  subtitle,
  back,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** The way out under the card: `{ to: '/', label: 'Back to home' }` is "← Back to home". */
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-700">{subtitle}</p>
        <div className="mt-6">
          {children}
          {back ? (
            <p className="mt-6 text-center text-sm">
              <Link to={back.to} className={linkStyles}>
                {`← ${back.label}`}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * `/register?redirectTo=%2Fcheckout%2Fdiy`: an auth page's address with the destination it keeps.
 * Forms post to it, so the page a failed submission re-renders (with or without JavaScript) still
 * knows where the visitor was going; the links between sign-up and sign-in pass it on.
 */
export function withRedirect(path: string, redirectTo: string | null): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

/**
 * Where a sign-in or sign-up page is headed: the page's address keeps the destination, and the
 * reply to a form posted without it still has it (~/http/sign-in-form.server). On the way to a
 * plan's checkout, also the plan and its price, for the title.
 */
export function keptDestination(
  loaded: { redirectTo: string | null },
  lastResult?: { redirectTo: string | null } | null,
) {
  const redirectTo = loaded.redirectTo ?? lastResult?.redirectTo ?? null;
  const plan = planOfRedirect(redirectTo);
  return { redirectTo, plan: plan ? planPhrase(plan) : null };
}

/**
 * The form of a sign-in or sign-up page: posted to the page's own address with the destination,
 * which it also carries in a hidden field, and the reason a submission was refused above its
 * fields (the spec's 'Login Failed' or 'Registration Failed'), with or without JavaScript.
 */
export function KeptRedirectForm({
  path,
  redirectTo,
  form,
  alertTitle,
  children,
}: {
  path: string;
  redirectTo: string | null;
  form: ReturnType<typeof useServerForm>['form'];
  alertTitle: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={withRedirect(path, redirectTo)}
      className="space-y-4"
      {...form.props}
    >
      <FormAlert id={form.errorId} title={alertTitle} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo ?? ''} />
      {children}
    </Form>
  );
}
