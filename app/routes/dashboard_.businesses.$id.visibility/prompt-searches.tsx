import { useLoaderData } from 'react-router';
import type { loader } from './route';

/**
 * The searches the assistants ran most for each question in the period shown: ChatGPT, Claude
 * and Gemini turn the question into their own web searches, and these are what the business
 * must rank for. Perplexity does not report its searches.
 */
export function PromptSearches() {
  const { prompts, searches, visibility } = useLoaderData<typeof loader>();
  if (!visibility.current) return null;
  const names = new Map(visibility.engines.map((engine) => [engine.engine, engine.name]));
  // Perplexity and an own model without search report no searches.
  const silent = visibility.engines
    .filter((engine) => engine.samples > 0 && ['perplexity', 'compatible'].includes(engine.engine))
    .map((engine) => engine.name);
  const rows = prompts
    .map((prompt) => ({
      prompt,
      searches: searches[prompt.id] ?? [],
      answers: prompt.engines.reduce((sum, engine) => sum + engine.samples, 0),
    }))
    .filter((row) => row.answers > 0);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="searches-title" className="space-y-4">
      <h2 id="searches-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
        What the assistants searched for
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Before answering, the assistants turn your question into their own web searches. Pages that
        rank for these searches are the ones they read. The most frequent searches for each question
        in this period:
      </p>
      {silent.length ? (
        <p className="max-w-3xl text-sm text-slate-700">
          {silent.join(' and ')} {silent.length === 1 ? 'does' : 'do'} not report the searches{' '}
          {silent.length === 1 ? 'it runs' : 'they run'}.
        </p>
      ) : null}
      <ul className="space-y-3" data-testid="prompt-searches">
        {rows.map(({ prompt, searches: top, answers }) => (
          <li key={prompt.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="user-text font-medium text-slate-900">&ldquo;{prompt.text}&rdquo;</p>
            {top.length ? (
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                {top.map((search) => (
                  <li key={search.query}>
                    <span className="user-text">&ldquo;{search.query}&rdquo;</span>{' '}
                    <span className="text-slate-600">
                      in {search.answers} of {answers} {answers === 1 ? 'answer' : 'answers'} (
                      {search.engines.map((engine) => names.get(engine) ?? engine).join(', ')})
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-slate-700">
                No searches reported for this question in this period.
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
