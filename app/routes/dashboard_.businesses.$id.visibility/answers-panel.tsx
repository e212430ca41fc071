import { Link, useLoaderData } from 'react-router';
import { useDates } from '~/components/time-zone';
import { AnswerText, COMPETITOR_MARK, OWN_MARK } from '~/components/tracking/answer-text';
import { Pagination } from '~/components/ui/pagination';
import { AnswerSentences } from './answer-sentences';
import { AnswerSources, siteWords } from './answer-sources';
import type { loader } from './route';

/** One page of answers, newest first, filtered by engine with plain links. */
export function AnswersPanel() {
  const { business, answers, engine, visibility } = useLoaderData<typeof loader>();
  const dates = useDates();
  const path = `/dashboard/businesses/${business.id}/visibility`;
  const filters = [
    { id: null, name: 'All assistants' },
    ...visibility.engines.map((each) => ({ id: each.engine, name: each.name })),
  ];
  return (
    <section aria-labelledby="answers-title" className="space-y-4">
      <h2 id="answers-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
        The answers
      </h2>
      {filters.length > 2 || engine ? (
        <nav aria-label="Filter answers by assistant">
          <ul className="flex flex-wrap gap-2 text-sm">
            {filters.map((filter) => {
              const current = (filter.id ?? null) === engine;
              return (
                <li key={filter.id ?? 'all'}>
                  <Link
                    to={`${path}${filter.id ? `?engine=${encodeURIComponent(filter.id)}` : ''}#answers-title`}
                    aria-current={current ? 'page' : undefined}
                    className={`focus-visible:outline-brand-600 inline-block rounded-full border px-3 py-1 font-medium focus-visible:outline-2 ${
                      current
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-slate-300 text-slate-800 hover:bg-slate-50'
                    }`}
                  >
                    {filter.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {answers.items.length ? (
        <>
          <p className="text-sm text-slate-700">
            <mark className={OWN_MARK}>{business.name}</mark> marks your business (bold, solid
            underline); <mark className={COMPETITOR_MARK}>other names</mark> mark competitors
            (dashed underline).
          </p>
          <ol className="space-y-4">
            {answers.items.map((answer, index) => (
              <li
                key={answer.id}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
                data-testid="answer"
              >
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">{answer.engineName}</span> ·{' '}
                  {answer.model} · {dates.dateTime(answer.askedAt)}
                </p>
                <p className="user-text mt-1 font-medium text-slate-900">
                  Asked: &ldquo;{answer.prompt}&rdquo;
                </p>
                <p className="mt-1 text-sm text-slate-800" data-testid="answer-reading">
                  {answer.mentioned
                    ? `Named you${answer.position ? ` at #${answer.position}` : ''}`
                    : 'Did not name you'}
                  {siteWords(answer)}
                  {answer.competitors.length
                    ? ` · also named: ${answer.competitors.map((c) => c.name).join(', ')}`
                    : ''}
                </p>
                <details className="mt-3" open={index < 3}>
                  <summary className="text-brand-700 cursor-pointer text-sm font-medium">
                    The answer
                  </summary>
                  <div className="mt-2 rounded-md bg-slate-50 p-3">
                    <AnswerText
                      blocks={answer.blocks}
                      label={`Answer ${index + 1} (${answer.engineName})`}
                    />
                  </div>
                </details>
                <AnswerSentences answer={answer} />
                <AnswerSources answer={answer} />
              </li>
            ))}
          </ol>
          <Pagination
            page={answers.page}
            pageCount={answers.pageCount}
            total={answers.total}
            perPage={answers.perPage}
            noun={['answer', 'answers']}
            pageLinks
            hash="#answers-title"
          />
        </>
      ) : (
        <p
          className="rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-700"
          data-testid="no-answer-list"
        >
          {engine ? 'No answers from this assistant yet.' : 'No answers yet.'}
        </p>
      )}
    </section>
  );
}
