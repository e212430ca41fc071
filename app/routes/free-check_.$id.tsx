import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { documentHandle, loadAsDocument } from '~/components/document';
import { container } from '~/components/marketing';
import { card, TitledSection } from '~/components/titled-section';
import { FormAlert } from '~/components/ui/field';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { FREE_CHECK } from '~/content/free-check';
import { scoreBand } from '~/domain/audit/score-band';
import { isDomainError } from '~/domain/errors';
import { findFreeCheck, topFixes } from '~/domain/free-check/free-check.server';
import { keepFreeCheck } from '~/domain/free-check/keep.server';
import { getUser, requireUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { redirectWithToast } from '~/http/toast.server';

// One free check's result (issue 44, item 1): the readiness score and its top three fixes, on our
// own page, for whoever has its address (an unguessable id; kept FREE_CHECK_LIMITS.keepDays).
// Then the offer: a visitor creates a free account (and comes back here); a signed-in owner adds
// the site to their dashboard, with this check as its first audit.

export const handle = documentHandle;
export const clientLoader = loadAsDocument;
// A visitor's own result: no shared cache keeps it.
export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${FREE_CHECK.resultTitle(data.host)} | AI Visibility` : FREE_CHECK.title },
  { name: 'robots', content: 'noindex' },
];

async function checkOr404(id: string | undefined) {
  try {
    return await findFreeCheck(id ?? '');
  } catch (error) {
    if (isDomainError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [check, user] = await Promise.all([checkOr404(params.id), getUser(request)]);
  const { run } = check;
  const path = `${FREE_CHECK.path}/${check.id}`;
  return {
    host: check.host,
    url: check.url,
    path,
    signedIn: Boolean(user),
    score: run.outcome === 'complete' ? run.score : null,
    unreachable: run.unreachable?.message ?? null,
    passed: run.signals.filter((signal) => signal.status === 'pass').length,
    checked: run.signals.filter((signal) => signal.status !== 'not_checked').length,
    fixes: topFixes(run).map((fix) => ({ title: fix.title, help: fix.help ?? null })),
    registerTo: `/register?redirectTo=${encodeURIComponent(path)}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const check = await checkOr404(params.id);
  try {
    const { businessId } = await keepFreeCheck(user, check.id);
    return redirectWithToast(
      `/dashboard/businesses/${businessId}/audit`,
      { title: FREE_CHECK.kept(check.host) },
      { request },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ formError: error.message }, { status: error.status });
  }
}

export default function FreeCheckResult() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const band = view.score === null ? null : scoreBand(view.score);
  return (
    <div className={`${container} py-12 sm:py-16`}>
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl">
          {FREE_CHECK.resultTitle(view.host)}
        </h1>
        <p className="mt-2 text-sm break-all text-slate-700">{view.url}</p>

        <TitledSection
          id="score-title"
          title={FREE_CHECK.scoreLabel}
          titleClassName="text-sm font-semibold text-slate-700 uppercase"
          className={`mt-8 ${card}`}
        >
          {view.score === null ? (
            <div data-testid="free-check-score">
              <p className="mt-2 text-3xl font-bold text-slate-900">{FREE_CHECK.noScore}</p>
              <p className="mt-2 text-slate-800">{view.unreachable}</p>
            </div>
          ) : (
            <div data-testid="free-check-score">
              <p className="mt-2 text-5xl font-bold text-slate-900">
                {view.score}
                <span className="text-xl font-semibold text-slate-700"> out of 100</span>
              </p>
              <p className="mt-2 text-lg font-semibold text-slate-900">{band?.label}</p>
              <p className="mt-1 text-sm text-slate-700">
                {view.passed} of {view.checked} checks passed.
              </p>
            </div>
          )}
        </TitledSection>

        <TitledSection id="fixes-title" title={FREE_CHECK.fixesTitle} className="mt-8">
          {view.fixes.length ? (
            <ol className="mt-4 space-y-4" data-testid="free-check-fixes">
              {view.fixes.map((fix, index) => (
                <li
                  key={fix.title}
                  className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <h3 className="font-semibold text-slate-900">
                    <span className="text-brand-700">{index + 1}. </span>
                    {fix.title}
                  </h3>
                  {fix.help ? <p className="mt-2 text-slate-800">{fix.help}</p> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-4 text-slate-800">{FREE_CHECK.noFixes}</p>
          )}
          <p className="mt-4 text-sm text-slate-700">{FREE_CHECK.fixesNote}</p>
        </TitledSection>

        <TitledSection
          id="keep-title"
          title={FREE_CHECK.keepTitle}
          className="border-brand-100 bg-brand-50 mt-8 rounded-xl border p-6"
        >
          {view.signedIn ? (
            <>
              <p className="mt-2 text-slate-800">{FREE_CHECK.keepSignedInLead}</p>
              <div className="mt-4">
                <FormAlert
                  id="keep-alert"
                  title="We could not add the site"
                  errors={result?.formError ? [result.formError] : undefined}
                />
              </div>
              <Form method="post" action={view.path} className="mt-4">
                <button
                  type="submit"
                  data-pending="Adding…"
                  className={buttonStyles.primary}
                  data-testid="keep-check"
                >
                  {FREE_CHECK.keepSignedIn(view.host)}
                </button>
              </Form>
            </>
          ) : (
            <>
              <p className="mt-2 text-slate-800">{FREE_CHECK.keepLead}</p>
              <Link
                to={view.registerTo}
                className={`${buttonStyles.primary} mt-4`}
                data-testid="keep-check"
              >
                {FREE_CHECK.keepCta}
              </Link>
            </>
          )}
        </TitledSection>

        <p className="mt-8">
          <Link to={FREE_CHECK.path} className={linkStyles}>
            {FREE_CHECK.again}
          </Link>
        </p>
      </div>
    </div>
  );
}
