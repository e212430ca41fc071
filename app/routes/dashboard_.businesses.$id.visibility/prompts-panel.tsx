import type { SubmissionResult } from '@conform-to/react';
import { useEffect } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useDates } from '~/components/time-zone';
import { useToast } from '~/components/toaster';
import { promptEngineCell } from '~/components/tracking/words';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import { TRACKING_LIMITS } from '~/schemas/limits';
import type { ActionResult } from './page.server';
import { notAskedNote, trackedSummary } from './plan-words';
import { ScrollRegion } from '~/components/ui/scroll-region';
import type { action, loader } from './route';

const constraint = {
  text: { required: true, minLength: TRACKING_LIMITS.promptMin, maxLength: TRACKING_LIMITS.prompt },
};

function usePath() {
  const { business } = useLoaderData<typeof loader>();
  return `/dashboard/businesses/${business.id}/visibility`;
}

/** The add and edit forms of a question: a plain POST, validated by PromptSchema in the action. */
function PromptForm({
  id,
  intent,
  promptId,
  text,
  lastResult,
  submitLabel,
  cancelTo,
  placeholder,
}: {
  id: string;
  /** An example question for this business's trade and place. */
  placeholder?: string;
  intent: 'add-prompt' | 'edit-prompt';
  promptId?: string;
  text?: string;
  lastResult: SubmissionResult<string[]> | null;
  submitLabel: string;
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const { toast } = useToast();
  const { form, fields } = useServerForm({
    id,
    names: ['text'],
    constraint,
    lastResult,
    defaultValue: text ? { text } : undefined,
  });
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (navigation.formData?.get('promptId') ?? '') === (promptId ?? '');
  const serverMessage = lastResult?.error?.['']?.[0];
  useEffect(() => {
    if (serverMessage)
      toast({ title: 'Not saved', description: serverMessage, variant: 'destructive' });
  }, [lastResult, serverMessage, toast]);
  return (
    <Form method="post" className="space-y-2" {...form.props}>
      <input type="hidden" name="intent" value={intent} />
      {promptId ? <input type="hidden" name="promptId" value={promptId} /> : null}
      <FormAlert id={form.errorId} title="Not saved" errors={form.errors} toasted />
      <InputField
        field={fields.text}
        label={intent === 'add-prompt' ? 'A question a customer would ask' : 'Question'}
        type="text"
        maxLength={TRACKING_LIMITS.prompt}
        placeholder={placeholder}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function PromptsPanel() {
  const { prompts, limit, suggestions, visibility, editing, removing, example } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const dates = useDates();
  const path = usePath();
  const navigation = useNavigation();
  const addResult = actionData?.intent === 'add-prompt' ? actionData.result : null;
  const editResult = actionData?.intent === 'edit-prompt' ? actionData : null;
  const editingId = editing?.id ?? editResult?.promptId ?? null;
  const engines = visibility.engines.map(({ engine, name }) => ({ engine, name }));
  const adding = (text: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('text') === text;

  return (
    <section aria-labelledby="prompts-title" className="space-y-4">
      {removing ? (
        <UrlDialog
          id="remove-prompt"
          title="Remove this question?"
          cancelTo={path}
          testId="remove-prompt"
        >
          <p className="user-text text-sm text-slate-800">&ldquo;{removing.text}&rdquo;</p>
          <p className="mt-2 text-sm text-slate-700">
            It is no longer asked. The answers it already had stay in the list below.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Link to={path} replace preventScrollReset className={buttonStyles.secondary}>
              Cancel
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="delete-prompt" />
              <input type="hidden" name="promptId" value={removing.id} />
              <button type="submit" className={buttonStyles.danger}>
                Remove
              </button>
            </Form>
          </div>
        </UrlDialog>
      ) : null}

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="prompts-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
          Questions you track
        </h2>
        <p className="text-sm text-slate-700" data-testid="prompt-limit">
          {trackedSummary({ count: limit.count, limit: limit.limit, plan: limit.plan })}
        </p>
      </div>

      {prompts.length ? (
        <p className="text-sm text-slate-700" data-testid="prompt-cells-note">
          Each cell is one question&apos;s answers from one assistant this period: a low sample on
          its own. The figures above pool every question.
        </p>
      ) : null}
      {prompts.length ? (
        <ScrollRegion
          label="Table of the questions you track"
          className="rounded-lg border border-slate-200"
        >
          {/* On a narrow screen each question is a card (stack-table): no column off screen. */}
          <table className="stack-table min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
                  Question
                </th>
                {engines.map((engine) => (
                  <th
                    key={engine.engine}

                    scope="col"
                    className="px-4 py-2 font-semibold text-slate-800"
                  >
                    {engine.name}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
                  Last asked
                </th>
                <th scope="col" className="px-4 py-2 font-semibold text-slate-800">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {prompts.map((prompt) => (
                <tr
                  key={prompt.id}

                  id={`prompt-${prompt.id}`}
                  data-testid="prompt-row"
                  data-active={prompt.active ? 'true' : 'false'}
                >
                  {prompt.id === editingId ? (
                    <td colSpan={engines.length + 3} className="px-4 py-3">
                      <PromptForm
                        id={`edit-prompt-${prompt.id}`}
                        intent="edit-prompt"
                        promptId={prompt.id}
                        text={prompt.text}
                        lastResult={editResult?.promptId === prompt.id ? editResult.result : null}
                        submitLabel="Save question"
                        cancelTo={path}
                      />
                    </td>
                  ) : (
                    <>
                      <th
                        scope="row"
                        className="question-text px-4 py-3 font-medium text-slate-900 sm:min-w-48"
                      >
                        {prompt.text}
                        {prompt.active ? null : (
                          <span
                            className="mt-1 block text-xs font-normal text-amber-900"
                            data-testid="prompt-not-asked"
                          >
                            {notAskedNote({ limit: limit.limit, plan: limit.plan })}
                          </span>
                        )}
                      </th>
                      {/* Past figures stay as they were, asked or not from now on. */}
                      {engines.map((engine) => {
                        const cell = prompt.engines.find((each) => each.engine === engine.engine);
                        return (
                          <td
                            key={engine.engine}

                            data-label={engine.name}
                            className="px-4 py-3 text-slate-800"
                          >
                            {promptEngineCell(
                              cell ?? { samples: 0, mentioned: 0, bestPosition: null },
                            )}
                          </td>
                        );
                      })}
                      <td
                        data-label="Last asked"
                        className="px-4 py-3 whitespace-nowrap text-slate-700"
                      >
                        {prompt.lastAskedAt ? dates.dateTime(prompt.lastAskedAt) : 'not yet'}
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <Link
                          to={`${path}?edit=${prompt.id}#prompt-${prompt.id}`}
                          preventScrollReset
                          className={`${linkStyles} mr-3`}
                        >
                          Edit<span className="sr-only"> &ldquo;{prompt.text}&rdquo;</span>
                        </Link>
                        <Link
                          to={`${path}?remove=${prompt.id}`}
                          preventScrollReset
                          className={`${linkStyles} text-red-800`}
                        >
                          Remove<span className="sr-only"> &ldquo;{prompt.text}&rdquo;</span>
                        </Link>
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <div
          className="rounded-lg border border-dashed border-slate-300 p-6"
          data-testid="no-prompts"
        >
          <p className="font-semibold text-slate-900">No questions yet</p>
          <p className="mt-1 text-sm text-slate-700">
            Add the questions a customer would type into ChatGPT when looking for a business like
            yours. Start from a suggestion below, or write your own.
          </p>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold text-slate-900">Add a question</h3>
          {limit.atLimit ? (
            <p
              className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="prompt-limit-message"
            >
              {limit.message}{' '}
              {limit.upgradable ? (
                <Link to="/pricing" className={linkStyles}>
                  See plans
                </Link>
              ) : null}
            </p>
          ) : (
            <div className="mt-3">
              <PromptForm
                id="add-prompt"
                intent="add-prompt"
                lastResult={addResult}
                submitLabel="Add question"
                placeholder={example}
              />
            </div>
          )}
        </div>
        {suggestions.length ? (
          <div
            className="rounded-lg border border-slate-200 bg-white p-5"
            data-testid="prompt-suggestions"
          >
            <h3 className="text-lg font-semibold text-slate-900">Suggested questions</h3>
            <p className="mt-1 text-sm text-slate-700">
              From your business&apos;s industry and location.
            </p>
            <ul className="mt-3 divide-y divide-slate-200">
              {suggestions.map((text) => (
                <li key={text} className="flex items-center justify-between gap-3 py-2">
                  <span className="user-text text-sm text-slate-900">{text}</span>
                  {limit.atLimit ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="add-prompt" />
                      <input type="hidden" name="text" value={text} />
                      <button
                        type="submit"
                        className={buttonStyles.secondary}
                        disabled={adding(text)}
                      >
                        Add<span className="sr-only"> &ldquo;{text}&rdquo;</span>
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
