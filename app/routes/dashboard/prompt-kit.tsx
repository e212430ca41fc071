import { CopyButton } from '~/components/ui/copy-button';
import { buttonStyles } from '~/components/ui/styles';
import { PROMPT_KIT_TITLE, type PromptKitItem } from '~/content/prompt-kit';
import { PremiumGptButton } from './premium-gpt';
import { useHydrated } from '~/components/ui/use-hydrated';

export function PromptKit({ prompts, tips }: { prompts: PromptKitItem[]; tips: string[] }) {
  // Copying needs JavaScript; without it the prompt text is plain, selectable text.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="prompt-kit-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="prompt-kit-title" className="text-2xl font-bold text-slate-900">
            {PROMPT_KIT_TITLE}
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">
            Eight proven prompts to make AI assistants understand, trust and recommend your
            business. Copy one, fill in the [placeholders] and paste it into the premium GPT.
          </p>
        </div>
        <PremiumGptButton className={buttonStyles.primary}>Open Premium GPT</PremiumGptButton>
      </div>

      <ul className="grid gap-4 lg:grid-cols-2">
        {prompts.map((item) => (
          <li
            key={item.id}
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="prompt-card"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <span aria-hidden="true">{item.icon}</span>
                {item.title}
              </h3>
              {item.frequency ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {item.frequency}
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-slate-700">{item.description}</p>
            {/* The whole prompt, wrapped: no inner scrollbar hides any of it. */}
            <pre
              className="mt-3 flex-1 rounded-md bg-slate-50 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-900 select-text"
              aria-label={`${item.title} prompt`}
              data-testid="prompt-text"
            >
              {item.prompt}
            </pre>
            {hydrated ? (
              <div className="mt-3 flex justify-end">
                <CopyButton
                  text={item.prompt}
                  label={item.title}
                  copiedToast={{
                    title: 'Prompt Copied',
                    description: `"${item.title}" is on your clipboard.`,
                  }}
                  failedDescription="Please manually select and copy the prompt text"
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="prompt-tips-title"
        className="rounded-lg border border-blue-200 bg-blue-50 p-5"
      >
        <h3 id="prompt-tips-title" className="font-semibold text-blue-950">
          Usage tips
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-blue-950">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </section>
  );
}
