import { scoreBand } from '~/domain/audit/score-band';
import type { AuditOutcome } from '~/domain/audit/signals';

// A score, its band and its trend: what the dashboard's cards show. Apart from the report
// (./audit-report), so the dashboard does not load the report's signal definitions (issue 35).

// The badge's shape and its band's colours are component classes of app/tailwind.css (score,
// score-good, score-fair, score-poor): a dashboard page shows ten.

export function ScoreBadge({ score, size = 'sm' }: { score: number; size?: 'sm' | 'lg' }) {
  const band = scoreBand(score);
  return (
    <span
      className={`score score-${band.tone} ${size === 'lg' ? 'px-4 py-2 text-4xl' : 'px-2 py-0.5 text-sm'}`}
      data-testid="audit-score"
    >
      {score}
      <span className={size === 'lg' ? 'text-base font-medium' : 'text-xs font-medium'}>/100</span>
      <span className="sr-only">{`, ${band.label}`}</span>
    </span>
  );
}

/** A score, or, for an audit that could not reach the site, that it has none. */
export function AuditScore({
  score,
  outcome,
  size = 'sm',
}: {
  score: number;
  outcome: AuditOutcome;
  size?: 'sm' | 'lg';
}) {
  if (outcome === 'unreachable') {
    return (
      <span
        className={`inline-flex items-baseline rounded-md border border-slate-300 bg-slate-50 font-semibold text-slate-800 ${
          size === 'lg' ? 'px-4 py-2 text-xl' : 'px-2 py-0.5 text-sm'
        }`}
        data-testid="audit-score"
        data-outcome="unreachable"
      >
        No score<span className="sr-only">: the site could not be reached</span>
      </span>
    );
  }
  return <ScoreBadge score={score} size={size} />;
}

/** Past scores as a small line: server-rendered SVG, named for screen readers. */
export function Sparkline({
  scores,
  width = 120,
  height = 32,
}: {
  scores: number[];
  width?: number;
  height?: number;
}) {
  if (scores.length < 2) return null;
  const step = width / (scores.length - 1);
  const y = (score: number) =>
    height - 2 - (Math.max(0, Math.min(100, score)) / 100) * (height - 4);
  const points = scores.map((score, i) => `${(i * step).toFixed(1)},${y(score).toFixed(1)}`);
  const last = scores.at(-1)!;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Score trend over the last ${scores.length} audits: ${scores.join(', ')}`}
      className="sparkline"
      data-testid="audit-trend"
    >
      <line x1="0" x2={width} y1={y(80)} y2={y(80)} className="sparkline-ready" />
      {/* Colours and strokes: the sparkline classes of app/tailwind.css. */}
      <polyline points={points.join(' ')} className="sparkline-line" />
      <circle cx={(scores.length - 1) * step} cy={y(last).toFixed(1)} r="3" fill="currentColor" />
    </svg>
  );
}
