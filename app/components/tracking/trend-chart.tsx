import { describeMentions, type PeriodFigures } from '~/domain/tracking/figures';

// The mention rate of each engine over the periods kept, drawn on the server as plain SVG (no
// chart library, no script). Each engine has its own marker shape and dash pattern and its name
// written at the end of its line, so the lines read apart without colour; the same figures are in
// a table under the chart for screen readers and anyone who prefers numbers.

type Series = { engine: string; name: string; periods: PeriodFigures[] };

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 44, right: 150, top: 16, bottom: 32 };
const STYLES = [
  { colour: '#1d4ed8', dash: '', marker: 'circle' },
  { colour: '#b45309', dash: '6 4', marker: 'square' },
  { colour: '#047857', dash: '2 3', marker: 'triangle' },
  { colour: '#7e22ce', dash: '10 3 2 3', marker: 'diamond' },
  { colour: '#be123c', dash: '1 5', marker: 'cross' },
  { colour: '#334155', dash: '12 4', marker: 'circle-open' },
] as const;

type Marker = (typeof STYLES)[number]['marker'];

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

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export function shortDay(day: string): string {
  return SHORT.format(new Date(`${day}T00:00:00.000Z`));
}

export function TrendChart({ series, kind }: { series: Series[]; kind: 'day' | 'week' }) {
  const count = series[0]?.periods.length ?? 0;
  const asked = series.filter((line) => line.periods.some((period) => period.samples > 0));
  if (count < 2 || !asked.length) return null;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (i * plotW) / (count - 1);
  const y = (rate: number) => PAD.top + (1 - rate) * plotH;
  const labels = series[0]!.periods.map((period) => period.start);
  const every = Math.ceil(count / 6);
  const unit = kind === 'day' ? 'day' : 'week';

  // Direct labels at each line's last point, nudged apart so they never overlap.
  const ends = asked
    .map((line, index) => {
      const last = line.periods.findLastIndex((period) => period.samples > 0);
      return { index, y: y(line.periods[last]!.mentionRate), name: line.name };
    })
    .sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i += 1)
    if (ends[i]!.y - ends[i - 1]!.y < 14) ends[i]!.y = ends[i - 1]!.y + 14;

  const summary = asked
    .map((line) => {
      const last = line.periods.findLast((period) => period.samples > 0)!;
      return `${line.name}: latest ${unit} (${shortDay(last.start)}) ${describeMentions(last)}`;
    })
    .join('. ');

  return (
    <figure className="space-y-3" data-testid="visibility-trend">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="trend-chart-title trend-chart-desc"
        className="h-auto w-full max-w-3xl"
      >
        <title id="trend-chart-title">{`Mention rate per ${unit}, by AI assistant`}</title>
        <desc id="trend-chart-desc">{`${summary}. The table below the chart lists every ${unit}.`}</desc>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#cbd5e1"
              strokeWidth={1}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#334155">
              {`${tick * 100}%`}
            </text>
          </g>
        ))}
        {labels.map((day, i) =>
          i % every === 0 || i === count - 1 ? (
            <text
              key={day}
              x={x(i)}
              y={HEIGHT - 10}
              textAnchor="middle"
              fontSize={11}
              fill="#334155"
            >
              {shortDay(day)}
            </text>
          ) : null,
        )}
        {asked.map((line, index) => {
          const style = STYLES[index % STYLES.length]!;
          // Periods without answers break the line rather than drawing a false zero.
          const segments: string[] = [];
          let path = '';
          line.periods.forEach((period, i) => {
            if (!period.samples) {
              if (path) segments.push(path);
              path = '';
              return;
            }
            path += `${path ? 'L' : 'M'}${x(i).toFixed(1)} ${y(period.mentionRate).toFixed(1)}`;
          });
          if (path) segments.push(path);
          const end = ends.find((item) => item.index === index)!;
          return (
            <g key={line.engine} data-engine={line.engine}>
              {segments.map((d) => (
                <path
                  key={d}
                  d={d}
                  fill="none"
                  stroke={style.colour}
                  strokeWidth={2}
                  strokeDasharray={style.dash || undefined}
                />
              ))}
              {line.periods.map((period, i) =>
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
              <text
                x={PAD.left + plotW + 10}
                y={end.y + 4}
                fontSize={12}
                fill={style.colour}
                fontWeight={600}
              >
                {line.name.replace(' (simulated answers)', '')}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">
          The figures behind the chart
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{`Mention rate per ${unit}, by AI assistant`}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {kind === 'day' ? 'Day' : 'Week of'}
                </th>
                {asked.map((line) => (
                  <th key={line.engine} scope="col" className="py-1 pr-4 font-semibold">
                    {line.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((day, i) => (
                <tr key={day} className="border-t border-slate-200">
                  <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">
                    {shortDay(day)}
                  </th>
                  {asked.map((line) => (
                    <td key={line.engine} className="py-1 pr-4">
                      {describeMentions(line.periods[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
