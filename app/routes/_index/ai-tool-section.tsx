import { Link } from 'react-router';
import { AI_TOOL } from '~/content/marketing';
import { ExternalLink } from '~/components/external-link';
import { container } from '~/components/marketing';
import { buttonStyles } from '~/components/ui/styles';

export const EMBEDDED_TOOL_PARAM = { name: 'tool', value: 'embedded' } as const;

/**
 * The landing page's AI tool section. The experimental embedded view is addressable by URL
 * (`/?tool=embedded`), so the toggle and 'Back to Main Interface' are plain links that work
 * without JavaScript. The view is a placeholder panel rather than an iframe: the free GPT lives on
 * chatgpt.com, which refuses to be framed by other sites, so an iframe would only show an error.
 */
export function AiToolSection({ freeGptUrl, embedded }: { freeGptUrl: string; embedded: boolean }) {
  return (
    <section aria-labelledby="ai-tool-title" id="ai-tool" className="bg-slate-50 py-14 sm:py-20">
      <div className={container}>
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id="ai-tool-title"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {AI_TOOL.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{AI_TOOL.lead}</p>
        </div>

        {embedded ? (
          <div
            data-testid="embedded-tool"
            className="mx-auto mt-10 max-w-3xl overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-100 px-4 py-3">
              <h3 className="text-base font-semibold text-slate-900">{AI_TOOL.embeddedTitle}</h3>
              <Link to={{ pathname: '/', hash: 'ai-tool' }} className={buttonStyles.secondary}>
                <span aria-hidden="true">←</span>
                {AI_TOOL.back}
              </Link>
            </div>
            <div className="space-y-4 p-6">
              <p className="text-slate-700">{AI_TOOL.embeddedBody}</p>
              <p className="text-sm font-semibold text-slate-900">Questions the tool answers:</p>
              <ul className="space-y-2">
                {AI_TOOL.samplePrompts.map((prompt) => (
                  <li
                    key={prompt}
                    className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-800"
                  >
                    {prompt}
                  </li>
                ))}
              </ul>
              <ExternalLink href={freeGptUrl} className={buttonStyles.primary}>
                {AI_TOOL.openTool}
              </ExternalLink>
            </div>
          </div>
        ) : (
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <ExternalLink href={freeGptUrl} className={`${buttonStyles.primary} px-5 py-3`}>
              {AI_TOOL.openTool}
            </ExternalLink>
            <Link
              to={{
                pathname: '/',
                search: `?${EMBEDDED_TOOL_PARAM.name}=${EMBEDDED_TOOL_PARAM.value}`,
                hash: 'ai-tool',
              }}
              className={`${buttonStyles.secondary} px-5 py-3`}
            >
              {AI_TOOL.embeddedToggle}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
