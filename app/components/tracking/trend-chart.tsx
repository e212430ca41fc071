import { ScrollRegion } from '~/components/ui/scroll-region';
import { describeMentions, type PeriodFigures } from '~/domain/tracking/figures/figures';

/** How an engine's name says its answers are the Demo assistant's simulated ones. */
const SIMULATED_SUFFIX = ' (simulated answers)';

// The mention rate over the periods since tracking began, drawn on the server (no chart library,
// no script): all assistants together with their 95% interval as a shaded band, and each
// assistant's own line with its own marker and dash pattern, so the lines read apart without
// colour. Every word (axis labels, legend) is HTML beside the SVG, never SVG text, so it keeps
// its size at 375 px instead of shrinking with the drawing, and at most four dates label the time
// axis, so they never overlap. The same figures are in a table under the chart.

type Series = { engine: string; name: string; periods: PeriodFigures[] };

const WIDTH = 600;
const HEIGHT = 220;
const PAD = 8;
const OVERALL = { colour: '#0f172a', dash: '', marker: 'circle' } as const;
const STYLES = [
  { colour: '#1d4ed8', dash: '6 4', marker: 'square' },
  { colour: '#b45309', dash: '2 3', marker: 'triangle' },
  { colour: '#047857', dash: '10 3 2 3', marker: 'diamond' },
  { colour: '#7e22ce', dash: '1 5', marker: 'cross' },
  { colour: '#be123c', dash: '12 4', marker: 'circle-open' },
  { colour: '#334155', dash: '4 2', marker: 'square' },
] as const;

type Style = { colour: string; dash: string; marker: Marker };
type Marker = (typeof STYLES)[number]['marker'] | 'circle';

function MarkerShape({
  kind,
  x,
  y,
  colour,
}: {
  kind: Marker;
  x: number;
  y: number;
  colour: string;
}) {
  const r = 4.5;
  switch (kind) {
    case 'square':
      return <rect x={x - r} y={y - r} width={r * 2} height={r * 2} fill={colour} />;
    case 'triangle':
      return (
        <polygon
          points={`${x},${y - r - 1} ${x - r - 1},${y + r} ${x + r + 1},${y + r}`}
          fill={colour}
        />
      );
    case 'diamond':
      return (
        <polygon
          points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`}
          fill={colour}
        />
      );
    case 'cross':
      return (
        <path
          d={`M${x - r} ${y - r}L${x + r} ${y + r}M${x - r} ${y + r}L${x + r} ${y - r}`}
          stroke={colour}
          strokeWidth={2.5}
        />
      );
    case 'circle-open':
      return <circle cx={x} cy={y} r={r} fill="white" stroke={colour} strokeWidth={2} />;
    default:
      return <circle cx={x} cy={y} r={r} fill={colour} />;
  }
}

/** A short sample of the line and its marker, for the legend. */
function Swatch({ style }: { style: Style }) {
  return (
    <svg width="36" height="14" viewBox="0 0 36 14" aria-hidden="true" className="shrink-0">
      <line
        x1={2}
        x2={34}
        y1={7}
        y2={7}
        stroke={style.colour}
        strokeWidth={2}
        strokeDasharray={style.dash || undefined}
      />
      <MarkerShape kind={style.marker} x={18} y={7} colour={style.colour} />
    </svg>
  );
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export function shortDay(day: string): string {
  return SHORT.format(new Date(`${day}T00:00:00.000Z`));
}

/**
 * The indexes to label on the time axis: at most four, evenly spaced (so HTML can place them
 * without inline styles, which the Content-Security-Policy forbids), always the first and last.
 */
export function tickIndexes(count: number): number[] {
  if (count <= 0) return [];
  if (count <= 4) return Array.from({ length: count }, (_, i) => i);
  const gaps = [3, 2].find((parts) => (count - 1) % parts === 0) ?? 1;
  return Array.from({ length: gaps + 1 }, (_, i) => (i * (count - 1)) / gaps);
}

export function TrendChart({
  series,
  overall,
  kind,
}: {
  series: Series[];
  /** All assistants together, one entry per period (the band is its 95% interval). */
  overall: PeriodFigures[];
  kind: 'day' | 'week';
}) {
  const count = overall.length;
  const asked = series.filter((line) => line.periods.some((period) => period.samples > 0));
  if (!count || !asked.length) return null;
  const unit = kind === 'day' ? 'day' : 'week';
  const first = overall[0]!.start;

  if (count < 2)
    return (
      <figure className="space-y-2" data-testid="visibility-trend">
        <p className="text-sm text-slate-700" data-testid="trend-first-period">
          Tracking began {kind === 'day' ? 'on' : 'the week of'} {shortDay(first)}: the trend draws
          once there is a second {unit} of answers.
        </p>
        <FiguresTable overall={overall} asked={asked} kind={kind} />
      </figure>
    );

  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (count - 1);
  const y = (rate: number) => PAD + (1 - rate) * (HEIGHT - 2 * PAD);
  // With one assistant, its line is the overall one.
  const lines: { key: string; name: string; style: Style; periods: PeriodFigures[] }[] = [
    {
      key: 'all',
      // One assistant: its name says so, and simulated answers stay labelled as such.
      name:
        asked.length === 1
          ? `All assistants (${asked[0]!.name.replace(SIMULATED_SUFFIX, '')} only)${
              asked[0]!.name.endsWith(SIMULATED_SUFFIX) ? SIMULATED_SUFFIX : ''
            }`
          : 'All assistants',
      style: OVERALL,
      periods: overall,
    },
    ...(asked.length > 1
      ? asked.map((line, index) => ({
          key: line.engine,
          name: line.name,
          style: STYLES[index % STYLES.length]!,
          periods: line.periods,
        }))
      : []),
  ];

  // The band: the overall rate's 95% interval, one closed shape per run of asked periods.
  const bands: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length) {
      const top = run.map((i) => `${x(i).toFixed(1)} ${y(overall[i]!.mentionRateHigh).toFixed(1)}`);
      const bottom = [...run]
        .reverse()
        .map((i) => `${x(i).toFixed(1)} ${y(overall[i]!.mentionRateLow).toFixed(1)}`);
      // A single period's band is a short bar around its point.
      if (run.length === 1) {
        const i = run[0]!;
        bands.push(
          `M${(x(i) - 5).toFixed(1)} ${y(overall[i]!.mentionRateHigh).toFixed(1)}H${(x(i) + 5).toFixed(1)}V${y(overall[i]!.mentionRateLow).toFixed(1)}H${(x(i) - 5).toFixed(1)}Z`,
        );
      } else bands.push(`M${top.join('L')}L${bottom.join('L')}Z`);
    }
    run = [];
  };
  overall.forEach((period, i) => (period.samples ? run.push(i) : flush()));
  flush();

  const ticks = tickIndexes(count);
  const latest = overall.findLast((period) => period.samples > 0)!;
  const summary = `All assistants, latest ${unit} (${shortDay(latest.start)}): ${describeMentions(latest)}`;

  return (
    <figure className="max-w-3xl space-y-3" data-testid="visibility-trend">
      <figcaption className="text-sm font-medium text-slate-900">
        Mention rate per {unit} since tracking began ({shortDay(first)}), with the likely range of
        all assistants shaded
      </figcaption>
      <div className="flex gap-2">
        {/* The rate axis: HTML, so its labels keep their size on a phone. */}
        <div
          className="flex flex-col justify-between py-0.5 text-right text-xs text-slate-700"
          aria-hidden="true"
        >
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={`Mention rate per ${unit}, by AI assistant. ${summary}. The table below lists every ${unit}.`}
            className="block h-auto w-full rounded border border-slate-200 bg-white"
            data-testid="trend-svg"
          >
            {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#e2e8f0"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {bands.map((d) => (
              <path key={d} d={d} fill="#94a3b8" fillOpacity={0.3} data-testid="trend-band" />
            ))}
            {lines.map(({ key, style, periods }) => {
              // Periods without answers break the line rather than drawing a false zero.
              const segments: string[] = [];
              let path = '';
              periods.forEach((period, i) => {
                if (!period.samples) {
                  if (path) segments.push(path);
                  path = '';
                  return;
                }
                path += `${path ? 'L' : 'M'}${x(i).toFixed(1)} ${y(period.mentionRate).toFixed(1)}`;
              });
              if (path) segments.push(path);
              return (
                <g key={key} data-engine={key}>
                  {segments.map((d) => (
                    <path
                      key={d}
                      d={d}
                      fill="none"
                      stroke={style.colour}
                      strokeWidth={key === 'all' ? 2.5 : 1.75}
                      strokeDasharray={style.dash || undefined}
                    />
                  ))}
                  {periods.map((period, i) =>
                    period.samples ? (
                      <MarkerShape
                        key={period.start}
                        kind={style.marker}
                        x={x(i)}
                        y={y(period.mentionRate)}
                        colour={style.colour}
                      />
                    ) : null,
                  )}
                </g>
              );
            })}
          </svg>
          {/* The time axis: at most four dates in HTML, evenly spaced like the points they
              label: the ends aligned to the edges, each middle one centred in a box twice as
              wide as the ends' (so its centre falls on its point). */}
          <div
            className="mt-1 flex px-[1.3%] text-xs text-slate-700"
            aria-hidden="true"
            data-testid="trend-axis"
          >
            {ticks.map((i, n) => (
              <span
                key={i}
                className={`whitespace-nowrap ${
                  n === 0
                    ? 'flex-1 text-left'
                    : n === ticks.length - 1
                      ? 'flex-1 text-right'
                      : 'flex-[2] text-center'
                }`}
              >
                <span data-testid="trend-tick">{shortDay(overall[i]!.start)}</span>
              </span>
            ))}
          </div>
        </div>
      </div>
      <ul
        className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800"
        data-testid="trend-legend"
      >
        {lines.map(({ key, name, style }) => (
          <li key={key} className="flex items-center gap-2">
            <Swatch style={style} />
            {name}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-6 rounded-sm bg-slate-400/30" aria-hidden="true" />
          Likely range (95%), all assistants
        </li>
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">
          The figures behind the chart
        </summary>
        <FiguresTable overall={overall} asked={asked} kind={kind} />
      </details>
    </figure>
  );
}

function FiguresTable({
  overall,
  asked,
  kind,
}: {
  overall: PeriodFigures[];
  asked: Series[];
  kind: 'day' | 'week';
}) {
  const unit = kind === 'day' ? 'day' : 'week';
  return (
    <ScrollRegion label={`Mention rate per ${unit}, by AI assistant (table)`} className="mt-2">
      <table className="min-w-full text-left text-sm" data-testid="trend-table">
        <caption className="sr-only">{`Mention rate per ${unit}, by AI assistant`}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              {kind === 'day' ? 'Day' : 'Week of'}
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              All assistants
            </th>
            {asked.map((line) => (
              <th key={line.engine} scope="col" className="py-1 pr-4 font-semibold">
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {overall.map((period, i) => (
            <tr key={period.start} className="border-t border-slate-200">
              <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">
                {shortDay(period.start)}
              </th>
              <td className="py-1 pr-4">{describeMentions(period)}</td>
              {asked.map((line) => (
                <td key={line.engine} className="py-1 pr-4">
                  {describeMentions(line.periods[i]!)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
