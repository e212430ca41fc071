import { useEffect } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useToast } from '~/components/toaster';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import { BUSINESS_LIMITS, TRACKING_LIMITS } from '~/schemas/limits';
import { CitedSites } from './cited-sites';
import { HideNameLink, NameCorrections } from './name-corrections';
import type { ActionResult } from './page.server';
import type { action, loader } from './route';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The owner's competitors, every business the answers named, and the sites they cited. */
export function CompetitorsPanel() {
  const { business, competitors, competitorLimit, visibility } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const { toast } = useToast();
  const lastResult = actionData?.intent === 'add-competitor' ? actionData.result : null;
  const { form, fields } = useServerForm({
    id: 'add-competitor',
    names: ['name', 'website'],
    lastResult,
    constraint: {
      name: { required: true, maxLength: TRACKING_LIMITS.competitor },
      website: { maxLength: BUSINESS_LIMITS.website },
    },
  });
  const serverMessage = lastResult?.error?.['']?.[0];
  useEffect(() => {
    if (serverMessage)
      toast({ title: 'Not added', description: serverMessage, variant: 'destructive' });
  }, [lastResult, serverMessage, toast]);
  const adding =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add-competitor';
  const full = competitors.length >= competitorLimit;
  const named = visibility.current !== null;

  return (
    <section aria-labelledby="competitors-title" className="space-y-4">
      <h2 id="competitors-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
        Competitors
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold text-slate-900">Your list</h3>
          <p className="mt-1 text-sm text-slate-700">
            Up to {competitorLimit} businesses to look for in the answers ({competitors.length} of{' '}
            {competitorLimit}). The answers show the others they name too.
          </p>
          {competitors.length ? (
            <ul className="mt-3 divide-y divide-slate-200" data-testid="competitor-list">
              {competitors.map((competitor) => (
                <li key={competitor.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="user-text text-sm text-slate-900">
                    {competitor.name}
                    {competitor.website ? (
                      <span className="block text-xs text-slate-600">{competitor.website}</span>
                    ) : null}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-competitor" />
                    <input type="hidden" name="competitorId" value={competitor.id} />
                    <button type="submit" className={buttonStyles.ghost}>
                      Remove<span className="sr-only"> {competitor.name}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
          {full ? null : (
            <Form method="post" className="mt-3 space-y-2" {...form.props}>
              <input type="hidden" name="intent" value="add-competitor" />
              <FormAlert id={form.errorId} title="Not added" errors={form.errors} toasted />
              <InputField
                field={fields.name}
                label="Competitor's name"
                type="text"
                maxLength={TRACKING_LIMITS.competitor}
              />
              <InputField
                field={fields.website}
                label="Its website (optional)"
                type="text"
                inputMode="url"
                maxLength={BUSINESS_LIMITS.website}
                hint="Its pages cited by the assistants then count as a competitor's site."
              />
              <button type="submit" className={buttonStyles.secondary} disabled={adding}>
                {adding ? 'Adding…' : 'Add competitor'}
              </button>
            </Form>
          )}
        </div>

        <div className="space-y-6">
          {named ? (
            <div className="overflow-x-auto">
              <table className="min-w-full text-left text-sm" data-testid="share-of-voice">
                <caption className="mb-2 text-left text-lg font-semibold text-slate-900">
                  Who the answers named
                </caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-1 pr-4 font-semibold">
                      Business
                    </th>
                    <th scope="col" className="py-1 pr-4 font-semibold">
                      Answers naming it
                    </th>
                    <th scope="col" className="py-1 pr-4 font-semibold">
                      Share of voice
                    </th>
                    <th scope="col" className="py-1 pr-4 font-semibold">
                      <span className="sr-only">Correct</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-b border-slate-200 bg-amber-50 font-semibold">
                    <th scope="row" className="user-text py-1 pr-4">
                      {business.name} (you)
                    </th>
                    <td className="py-1 pr-4">
                      {visibility.overall.mentioned} of {visibility.overall.samples}
                    </td>
                    <td className="py-1 pr-4">{percent(visibility.overall.shareOfVoice)}</td>
                    <td />
                  </tr>
                  {visibility.competitors.map((competitor) => (
                    <tr key={competitor.name} className="border-b border-slate-200">
                      <th scope="row" className="user-text py-1 pr-4 font-normal">
                        {competitor.name}
                        {competitor.known ? (
                          <span className="ml-2 text-xs text-slate-600">on your list</span>
                        ) : null}
                      </th>
                      <td className="py-1 pr-4">
                        {competitor.mentions} of {visibility.overall.samples}
                      </td>
                      <td className="py-1 pr-4">{percent(competitor.shareOfVoice)}</td>
                      <td className="py-1 pr-4">
                        {competitor.known ? null : <HideNameLink name={competitor.name} />}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-2 text-xs text-slate-600">
                Share of voice: the answers naming a business, out of every business named in the
                period&apos;s answers.
              </p>
            </div>
          ) : null}
          <NameCorrections />
          <CitedSites />
        </div>
      </div>
    </section>
  );
}
