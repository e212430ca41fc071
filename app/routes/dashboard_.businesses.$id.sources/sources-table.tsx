import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Pagination } from '~/components/ui/pagination';
import { buttonStyles, inputStyles, linkStyles } from '~/components/ui/styles';
import type { SourceRow } from '~/domain/tracking/reports/sources.server';
import { SOURCE_KIND_CHOICES } from '~/schemas/tracking';
import type { KindActionResult } from './page.server';
import type { action, loader } from './route';

const percent = (value: number) => `${Math.round(value * 100)}%`;

const KIND_WORDS: Record<SourceRow['kind'], string> = {
  yours: 'Your site',
  competitor: "A competitor's site",
  directory: 'Directory or review site',
  social: 'Social network',
  news: 'News',
  forum: 'Forum',
  other: 'Other',
};

const STATUS_WORDS: Record<SourceRow['listing']['status'], string> = {
  listed: 'You are on it',
  not_listed: 'You are not on it',
  unknown: 'Could not check',
  not_checked: 'Not checked',
};

function formatDay(iso: string) {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function KindForm({ source }: { source: SourceRow }) {
  const actionData = useActionData<typeof action>() as KindActionResult | undefined;
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' && navigation.formData?.get('domain') === source.domain;
  const errors =
    actionData?.domain === source.domain
      ? [
          ...(actionData.result.error?.['']?.filter(Boolean) ?? []),
          ...(actionData.result.error?.kind?.filter(Boolean) ?? []),
          ...(actionData.result.error?.domain?.filter(Boolean) ?? []),
        ]
      : [];
  const id = `kind-${source.domain}`;
  if (source.kind === 'yours' || source.kind === 'competitor') return null;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="set-kind" />
      <input type="hidden" name="domain" value={source.domain} />
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-800">
          Kind of site
        </label>
        <select
          id={id}
          name="kind"
          defaultValue={source.corrected ? source.kind : 'auto'}
          className={`${inputStyles} w-56`}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${id}-error` : undefined}
        >
          <option value="auto">As our list says</option>
          {SOURCE_KIND_CHOICES.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_WORDS[kind]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
        <span className="sr-only"> the kind of {source.domain}</span>
      </button>
      {errors.length ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </Form>
  );
}

function Listing({ listing }: { listing: SourceRow['listing'] }) {
  return (
    <div>
      <p className="font-medium">{STATUS_WORDS[listing.status]}</p>
      {listing.checkedAt ? (
        <p className="text-xs text-slate-600">Checked {formatDay(listing.checkedAt)}</p>
      ) : null}
      {listing.reason ? <p className="text-xs text-slate-600">{listing.reason}</p> : null}
    </div>
  );
}

/** Every site the answers cited, those relied on when you were not named first. */
export function SourcesTable() {
  const { report, listUpdated } = useLoaderData<typeof loader>();
  const failed = (useActionData<typeof action>() as KindActionResult | undefined)?.domain;
  const pageCount = Math.max(1, Math.ceil(report.total / report.perPage));
  return (
    <section aria-labelledby="sources-title" className="space-y-4">
      <h2 id="sources-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
        The sites behind the answers
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Sorted by the answers that cite a site without naming you. The likely range accounts for the
        repeats of one question being alike. Kinds come from our list of directories and review
        sites (updated {listUpdated}); correct one for your business if it is wrong.{' '}
        {report.listingPlan
          ? `Your plan checks up to ${report.listingPlan.pages} of the most cited pages every ${report.listingPlan.everyDays === 7 ? 'week' : `${report.listingPlan.everyDays} days`}, as our own crawler, where the site's robots.txt allows it.`
          : 'Checking whether you are on each page comes with a paid plan.'}
      </p>
      {report.sources.length ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="sources-table">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Site
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Answers citing it
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Of those, without your name
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Named with it
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Are you on it?
                </th>
              </tr>
            </thead>
            <tbody>
              {report.sources.map((source) => (
                <tr
                  key={source.domain}
                  id={`source-${source.domain}`}
                  className="scroll-mt-4 border-b border-slate-200 align-top"
                >
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <span className="font-semibold text-slate-900">
                      {source.name ?? source.domain}
                    </span>
                    {source.name ? <span className="block text-xs">{source.domain}</span> : null}
                    <span className="block text-xs text-slate-600">
                      {KIND_WORDS[source.kind]}
                      {source.corrected ? ' (your correction)' : ''}
                    </span>
                    <details className="mt-1 text-xs" open={failed === source.domain}>
                      <summary className="cursor-pointer text-slate-800">
                        Pages cited and kind
                      </summary>
                      <ul className="mt-1 space-y-1">
                        {source.urls.map((page) => (
                          <li key={page.url} className="break-all">
                            <a
                              href={page.url}
                              className={linkStyles}
                              rel="noopener noreferrer nofollow"
                              target="_blank"
                            >
                              {page.url}
                            </a>{' '}
                            ({page.answers})
                          </li>
                        ))}
                      </ul>
                      <KindForm source={source} />
                    </details>
                  </th>
                  <td className="py-2 pr-4">
                    {source.answers} of {report.samples} ({percent(source.share)})
                    <span className="block text-xs text-slate-600">
                      likely {percent(source.low)}–{percent(source.high)}
                    </span>
                  </td>
                  <td className="py-2 pr-4">{source.answersWithoutYou}</td>
                  <td className="user-text py-2 pr-4">
                    {source.competitors.length ? source.competitors.join(', ') : '—'}
                  </td>
                  <td className="py-2 pr-4">
                    <Listing listing={source.listing} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-slate-700">No cited sites in this period.</p>
      )}
      {report.total > report.perPage ? (
        <Pagination
          page={report.page}
          pageCount={pageCount}
          total={report.total}
          noun={['site', 'sites']}
          perPage={report.perPage}
          pageLinks
          hash="#sources-title"
        />
      ) : null}
    </section>
  );
}
