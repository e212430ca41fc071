import { Form, Link, useLoaderData, useNavigation } from 'react-router';
import { buttonStyles, inputStyles, linkStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import { businessPath } from '../dashboard/business-page';
import type { loader } from './route';

// The owner's corrections to the names the answers were read for, on the competitor table: hide a
// name that is not a business (after a confirmation reached by a link, so it works without
// JavaScript), merge two spellings of one business, and undo either. Every form is a plain POST.

const pagePath = (id: string) => businessPath(id, 'visibility');

/** The table row's link to hide a name the answers gave (not one on the owner's list). */
export function HideNameLink({ name }: { name: string }) {
  const { business } = useLoaderData<typeof loader>();
  const to = `${pagePath(business.id)}?${new URLSearchParams({ hide: name })}#name-corrections`;
  return (
    <Link to={to} preventScrollReset className={`${linkStyles} text-xs`}>
      Not a business<span className="sr-only">: hide {name}</span>
    </Link>
  );
}

/**
 * The merge form's first choices: the first name that may be merged, counted as the first other
 * name (never the same name in both lists, which would merge nothing).
 */
export function mergeDefaults(names: string[], mergeable: string[]) {
  const name = mergeable[0] ?? '';
  return { name, into: names.find((other) => other !== name) ?? '' };
}

/** The confirmation of a hide, the merge form and the list of corrections with their undo. */
export function NameCorrections() {
  const { business, corrections, visibility } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const path = pagePath(business.id);
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const names = visibility.competitors.map((competitor) => competitor.name);
  const mergeable = visibility.competitors
    .filter((competitor) => !competitor.known)
    .map((competitor) => competitor.name);
  const defaults = mergeDefaults(names, mergeable);

  return (
    <div id="name-corrections" className="scroll-mt-4 space-y-4" data-testid="name-corrections">
      {corrections.hiding ? (
        <UrlDialog id="hide-name" title="Hide this name?" cancelTo={path} testId="hide-name">
          <p className="user-text text-sm text-slate-800">&ldquo;{corrections.hiding}&rdquo;</p>
          <p className="mt-2 text-sm text-slate-700">
            It will no longer count as a business: not in share of voice, the table of who the
            answers named, the weekly digest or the API, for the answers so far and the ones to
            come. You can show it again from your corrections.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Link to={path} replace preventScrollReset className={buttonStyles.secondary}>
              Cancel
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="hide-name" />
              <input type="hidden" name="name" value={corrections.hiding} />
              <button type="submit" className={buttonStyles.danger} disabled={busy('hide-name')}>
                {busy('hide-name') ? 'Hiding…' : 'Hide it'}
              </button>
            </Form>
          </div>
        </UrlDialog>
      ) : null}

      {mergeable.length && names.length > 1 ? (
        <Form method="post" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <input type="hidden" name="intent" value="merge-name" />
          <h3 className="text-base font-semibold text-slate-900">Two spellings of one business?</h3>
          <p className="text-sm text-slate-700">
            Merge them and they count as one business in every figure, past answers included.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm font-medium text-slate-800">
              Count
              <select
                name="name"
                required
                defaultValue={defaults.name}
                className={`${inputStyles} mt-1`}
              >
                {mergeable.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium text-slate-800">
              as
              <select
                name="into"
                required
                defaultValue={defaults.into}
                className={`${inputStyles} mt-1`}
              >
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonStyles.secondary} disabled={busy('merge-name')}>
              {busy('merge-name') ? 'Merging…' : 'Merge'}
            </button>
          </div>
        </Form>
      ) : null}

      {corrections.items.length ? (
        <div>
          <h3 className="text-base font-semibold text-slate-900">Your corrections</h3>
          <ul className="mt-2 divide-y divide-slate-200" data-testid="correction-list">
            {corrections.items.map((correction) => (
              <li key={correction.id} className="flex items-center justify-between gap-3 py-2">
                <span className="user-text text-sm text-slate-900">
                  {correction.into ? (
                    <>
                      {correction.name} counts as {correction.into.name}
                    </>
                  ) : (
                    <>{correction.name} is hidden: not a business</>
                  )}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="undo-correction" />
                  <input type="hidden" name="correctionId" value={correction.id} />
                  <button type="submit" className={buttonStyles.ghost}>
                    {correction.into ? 'Count apart' : 'Show again'}
                    <span className="sr-only"> {correction.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
