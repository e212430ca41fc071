import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { documentHandle, loadAsDocument } from '~/components/document';
import { ExternalLink } from '~/components/external-link';
import { FreeCheckForm } from '~/components/free-check-form';
import { container, PageIntro } from '~/components/marketing';
import { card, TitledSection } from '~/components/titled-section';
import { FormAlert } from '~/components/ui/field';
import { linkStyles } from '~/components/ui/styles';
import { FREE_CHECK } from '~/content/free-check';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { isDomainError } from '~/domain/errors';
import { runFreeCheck } from '~/domain/free-check/free-check.server';
import { publicPageHeaders } from '~/http/cache-policy';
import { getClientIp, readFormData } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { publicLinks } from '~/lib/env.server';
import { FreeCheckSchema } from '~/schemas/free-check';

// The free AI-readiness check (issue 44, item 1): the form (also on the home page) posts here;
// a valid address is checked at once and the visitor is redirected to the result's own page
// (post/redirect/get). A refused address, or a limit met, comes back on this page with the error
// and the typed value. No JavaScript needed.

export const handle = documentHandle;
export const clientLoader = loadAsDocument;
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.freeCheck, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return { origin: getOrigin(request), freeGptUrl: publicLinks.freeGptUrl };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const typed = String(formData.get('website') ?? '');
  const submission = parseWithZod(formData, { schema: FreeCheckSchema });
  if (submission.status !== 'success') {
    return data(
      { value: typed, error: submission.error?.website?.[0] ?? null, formError: null },
      { status: 400 },
    );
  }
  try {
    const check = await runFreeCheck(submission.value.website, {
      ipAddress: getClientIp(request, context),
    });
    return redirect(`${FREE_CHECK.path}/${check.id}`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const retryAfter = error.details?.retryAfterSeconds;
    return data(
      { value: typed, error: null, formError: error.message },
      {
        status: error.status,
        headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
      },
    );
  }
}

export default function FreeCheckPage() {
  const { freeGptUrl } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <PageIntro title={FREE_CHECK.title} lead={FREE_CHECK.lead} />
      <div className={`${container} pb-16`}>
        <TitledSection
          id="free-check-form-title"
          title={FREE_CHECK.formTitle}
          className={`mx-auto max-w-2xl ${card} sm:p-8`}
        >
          <div className="mt-4">
            <FormAlert
              id="free-check-alert"
              title={FREE_CHECK.refusedTitle}
              errors={result?.formError ? [result.formError] : undefined}
            />
          </div>
          <div className="mt-4">
            <FreeCheckForm id="free-check" value={result?.value} error={result?.error} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{FREE_CHECK.fetchNote}</p>
          {freeGptUrl ? (
            <p className="mt-4 text-sm text-slate-700" data-testid="free-gpt-link">
              {FREE_CHECK.gptLead}{' '}
              <ExternalLink href={freeGptUrl} className={linkStyles}>
                {FREE_CHECK.gptLink}
              </ExternalLink>
            </p>
          ) : null}
        </TitledSection>
      </div>
    </>
  );
}
