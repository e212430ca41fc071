import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { isDomainError } from '~/domain/errors';
import { DIRECTORY_LIST_UPDATED } from '~/domain/tracking/sources/directory-list';
import { setSourceKind } from '~/domain/tracking/sources/kind-corrections.server';
import {
  SOURCES_DEFAULT_DAYS,
  SOURCES_PER_PAGE,
  sourcesReport,
} from '~/domain/tracking/reports/sources.server';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { pageParams } from '~/schemas/paging';
import { SourceKindSchema } from '~/schemas/tracking';
import { businessPath, daysAsked } from '../dashboard/business-page';
import { notFoundPage, privatePage } from '../dashboard/business-page.server';

// The sources page's loader and action: the sites behind one business's answers over 7, 30 or 90
// days, one page of them, the plan; and the owner's correction of a site's kind (a plain POST,
// answered with a redirect and a toast, or the form's error). Another owner's business is a 404.

const sourcesPath = (id: string, hash = '') => businessPath(id, 'sources', hash);

export async function loadSourcesPage(request: Request, id: string) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const days = daysAsked(url, SOURCES_DEFAULT_DAYS);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: SOURCES_PER_PAGE,
    maxLimit: SOURCES_PER_PAGE,
  });
  const report = await sourcesReport(user, id, { days, page }).catch(notFoundPage);
  return privatePage({ report, listUpdated: DIRECTORY_LIST_UPDATED });
}

export type KindActionResult = { domain: string; result: SubmissionResult<string[]> };

export async function sourcesAction(request: Request, id: string) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  if (form.get('intent') !== 'set-kind')
    return redirectWithToast(
      sourcesPath(id),
      { title: 'Error', description: 'Unknown action', variant: 'destructive' },
      { request },
    );
  const domain = String(form.get('domain') ?? '').slice(0, 300);
  const submission = parseWithZod(form, { schema: SourceKindSchema });
  if (submission.status !== 'success')
    return data<KindActionResult>({ domain, result: submission.reply() }, { status: 400 });
  try {
    await setSourceKind(user, id, submission.value);
  } catch (error) {
    if (!isDomainError(error) || error.code === 'not_found') notFoundPage(error);
    return data<KindActionResult>(
      { domain, result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
  }
  const { domain: site, kind } = submission.value;
  return redirectWithToast(
    sourcesPath(id, `#source-${site}`),
    {
      title: 'Kind saved',
      description: kind === 'auto' ? `${site}: as the list says` : `${site}: ${kind}`,
    },
    { request },
  );
}
