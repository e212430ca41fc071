import { ScrollRegion } from '~/components/ui/scroll-region';
import { useLoaderData } from 'react-router';
import { SENTIMENT_LOW_SAMPLE, type SentimentFigures } from '~/domain/tracking/reading/sentiment';
import type { loader } from './route';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "2026-09-07" → "September 7, 2026": periods are UTC days. */
const utcDay = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

const KINDS = [
  { key: 'positive', label: 'Positive', bar: 'fill-emerald-600' },
  { key: 'neutral', label: 'Neutral', bar: 'fill-slate-400' },
  { key: 'negative', label: 'Negative', bar: 'fill-red-600' },
] as const;

function shareOf(figures: SentimentFigures, key: (typeof KINDS)[number]['key']) {
  return { count: figures[key], share: figures[`${key}Share`] };
}

const BAR_WIDTH = 128;

/** The shares side by side, for the eye only (the table has the numbers); SVG, no inline style. */
function ShareBar({ figures }: { figures: SentimentFigures }) {
  let x = 0;
  return (
    <svg
      width={BAR_WIDTH}
      height={8}
      className="mt-1 block rounded bg-slate-100"
      aria-hidden="true"
      focusable="false"
    >
      {KINDS.map((kind) => {
        const width = figures[`${kind.key}Share`] * BAR_WIDTH;
        const rect = (
          <rect key={kind.key} x={x} y={0} width={width} height={8} className={kind.bar} />
        );
        x += width;
        return rect;
      })}
    </svg>
  );
}

function SampleSize({ figures }: { figures: SentimentFigures }) {
  return (
    <>
      n = {figures.sentences} {figures.sentences === 1 ? 'sentence' : 'sentences'} in{' '}
      {figures.answers} {figures.answers === 1 ? 'answer' : 'answers'}
      {figures.lowSample ? (
        <span
          className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950"
          data-testid="sentiment-low-sample"
        >
          Low sample
        </span>
      ) : null}
    </>
  );
}

type Row = { id: string; name: string; figures: SentimentFigures };

function SentimentTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: Row[];
  testId: string;
}) {
  return (
    <ScrollRegion
      label={`Table: ${caption}`}
      className="rounded-lg border border-slate-200 bg-white"
      testId={testId}
    >
      <table className="stack-table min-w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Assistant
            </th>
            {KINDS.map((kind) => (
              <th key={kind.key} scope="col" className="px-4 py-2 font-semibold">
                {kind.label}
              </th>
            ))}
            <th scope="col" className="px-4 py-2 font-semibold">
              Sample
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id} data-testid="sentiment-row" data-engine={row.id}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {row.name}
                <ShareBar figures={row.figures} />
              </th>
              {KINDS.map((kind) => {
                const { count, share } = shareOf(row.figures, kind.key);
                return (
                  <td
                    key={kind.key}
                    className="px-4 py-2 text-slate-900"
                    data-testid={`sentiment-${kind.key}`}
                    data-label={kind.label}
                  >
                    {percent(share)} <span className="text-slate-600">({count})</span>
                  </td>
                );
              })}
              <td
                className="px-4 py-2 text-slate-700"
                data-testid="sentiment-n"
                data-label="Sample"
              >
                <SampleSize figures={row.figures} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * How the period's answers describe the business: per assistant, the share of the sentences
 * naming it that read positive, neutral and negative, with n; and the same pooled over the
 * trend's periods, for when one period holds too few. Plain markup: tables with the numbers,
 * and a bar beside each row for the eye only.
 */
export function SentimentPanel() {
  const { business, visibility, sentiment, period } = useLoaderData<typeof loader>();
  if (!visibility.current) return null;
  const names = new Map(visibility.engines.map((engine) => [engine.engine, engine.name]));
  const order = visibility.engines.map((engine) => engine.engine);
  const rowsOf = (of: {
    engines: (SentimentFigures & { engine: string })[];
    overall: SentimentFigures;
  }): Row[] => {
    const engines = [...of.engines].sort(
      (a, b) => order.indexOf(a.engine) - order.indexOf(b.engine),
    );
    return [
      ...engines.map((row) => ({
        id: row.engine,
        name: names.get(row.engine) ?? row.engine,
        figures: row,
      })),
      ...(engines.length > 1 ? [{ id: 'all', name: 'All assistants', figures: of.overall }] : []),
    ];
  };
  const current = rowsOf(sentiment);
  const pooled = sentiment.pooled;
  const showPooled =
    pooled !== null &&
    pooled.since < visibility.current.start &&
    pooled.overall.sentences > sentiment.overall.sentences;
  const periods = visibility.kind === 'day' ? 'days' : 'weeks';
  return (
    <section aria-labelledby="sentiment-title" className="space-y-4" data-testid="sentiment-panel">
      <h2 id="sentiment-title" className="scroll-mt-4 text-2xl font-bold text-slate-900">
        How the answers describe you
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Every sentence that names {business.name} is labelled positive, neutral or negative. The
        labels are right about four times in five, so read one sentence&apos;s label as a hint.
        Shares from fewer than {SENTIMENT_LOW_SAMPLE} sentences are marked as low samples: read them
        as a hint too, or the {periods} of the trend added up below. Each answer below shows its
        sentences and their labels.
      </p>
      <details className="max-w-3xl text-sm text-slate-700" data-testid="sentiment-method">
        <summary className="cursor-pointer font-medium text-slate-800">
          How the labels are made
        </summary>
        <p className="mt-1">
          When this site has an AI model set up to read the answers (the extraction model), that
          model labels each sentence. Otherwise a list of positive and negative words does (the
          word-list labeller); on sentences it was not written for it got about four in five right.
          Each answer below says which labelled it.
        </p>
      </details>
      {current.length ? (
        <SentimentTable
          caption={period ?? 'This period'}
          rows={current}
          testId="sentiment-current"
        />
      ) : (
        <p
          className="rounded-lg border border-dashed border-slate-300 p-6 text-sm text-slate-700"
          data-testid="no-sentiment"
        >
          No sentence in this period's answers names {business.name} yet.
        </p>
      )}
      {showPooled ? (
        <SentimentTable
          caption={`All the ${periods} of the trend (since ${utcDay(pooled.since)})`}
          rows={rowsOf(pooled)}
          testId="sentiment-pooled"
        />
      ) : null}
    </section>
  );
}
