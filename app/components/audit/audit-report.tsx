import { CopyButton } from '~/components/ui/copy-button';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { useHydrated } from '~/components/ui/use-hydrated';
import {
  AUDIT_VERSION,
  fixShowsCode,
  SHUT_OUT_CAP,
  SIGNAL_GROUPS,
  signalDefinition,
  signalTable,
  type Fix,
  type SignalGroup,
  type SignalId,
  type SignalResult,
  type SignalStatus,
} from '~/domain/audit/signals';

// The AI-readiness report: the score, every signal with what we saw, and the fixes to copy.
// Server-rendered; the copy buttons appear once JavaScript runs (the text is selectable anyway).
// Only code gets a code box and a Copy button; a fix given in words reads as text.
// A stored audit is shown with the labels and weights of the version it ran with.

export { AuditScore, ScoreBadge, Sparkline } from './score';

const STATUS_TEXT: Record<SignalStatus, string> = {
  pass: 'Pass',
  warn: 'Needs attention',
  fail: 'Fail',
  not_checked: 'Not checked',
};

const STATUS_STYLE: Record<SignalStatus, string> = {
  pass: 'bg-green-100 text-green-900',
  warn: 'bg-amber-100 text-amber-950',
  fail: 'bg-red-100 text-red-900',
  not_checked: 'bg-slate-100 text-slate-800',
};

const STATUS_MARK: Record<SignalStatus, string> = {
  pass: '✓',
  warn: '!',
  fail: '✗',
  not_checked: '–',
};

function StatusPill({ status }: { status: SignalStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}
    >
      <span aria-hidden="true">{STATUS_MARK[status]}</span>
      {STATUS_TEXT[status]}
    </span>
  );
}

/** robots.txt as read, numbered from 1, each line as it is (a "line 5" note points here). */
function NumberedLines({ lines, label }: { lines: string[]; label: string }) {
  return (
    <ScrollRegion label={`${label}: robots.txt, numbered`} className="mt-2 rounded-md bg-slate-50">
      <ol className="p-3 font-mono text-xs text-slate-900" data-testid="robots-lines">
        {lines.map((line, index) => (
          <li key={index} className="flex gap-3">
            <span className="w-8 shrink-0 text-right text-slate-600 select-none">{index + 1}</span>
            <span className="whitespace-pre">{line || ' '}</span>
          </li>
        ))}
      </ol>
    </ScrollRegion>
  );
}

function Evidence({ signal, label }: { signal: SignalResult; label: string }) {
  const { url, status, snippet, items, lines } = signal.evidence;
  if (!url && status === undefined && !snippet && !items?.length && !lines?.length) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
        What we saw<span className="sr-only"> for {label}</span>
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {url ? (
          <>
            <dt className="text-slate-600">Address</dt>
            <dd className="break-all text-slate-900">{url}</dd>
          </>
        ) : null}
        {status !== undefined ? (
          <>
            <dt className="text-slate-600">HTTP status</dt>
            <dd className="text-slate-900">{status}</dd>
          </>
        ) : null}
        {snippet ? (
          <>
            <dt className="text-slate-600">Found</dt>
            <dd>
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-words text-slate-900">
                {snippet}
              </code>
            </dd>
          </>
        ) : null}
      </dl>
      {items?.length ? (
        <ul className="mt-2 space-y-1" aria-label={`Details for ${label}`}>
          {items.map((item) => (
            <li key={item.label} className="flex gap-2">
              <span className={item.ok ? 'text-green-800' : 'text-red-800'}>
                <span aria-hidden="true">{item.ok ? '✓' : '✗'}</span>
                <span className="sr-only">{item.ok ? 'OK:' : 'Problem:'}</span>
              </span>
              <span>
                <span className="font-medium text-slate-900">{item.label}</span>{' '}
                <span className="text-slate-700">{item.note}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {lines?.length ? <NumberedLines lines={lines} label={label} /> : null}
    </details>
  );
}

export function SignalList({
  signals,
  version = AUDIT_VERSION,
}: {
  signals: SignalResult[];
  /** The version the audit ran with: its labels and groups. */
  version?: number;
}) {
  const groups = Object.keys(SIGNAL_GROUPS) as SignalGroup[];
  const definition = (id: SignalId) => signalDefinition(id, version);
  return (
    <div className="space-y-6">
      {groups.map((group) => {
        const inGroup = signals.filter((signal) => definition(signal.id).group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`signals-${group}`}>
            <h3 id={`signals-${group}`} className="text-lg font-semibold text-slate-900">
              {SIGNAL_GROUPS[group]}
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {inGroup.map((signal) => (
                <li
                  key={signal.id}
                  className="p-4"
                  data-testid="audit-signal"
                  data-signal={signal.id}
                  data-status={signal.status}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h4 className="font-semibold text-slate-900">{definition(signal.id).label}</h4>
                    <StatusPill status={signal.status} />
                  </div>
                  {/* Not checked: the notice above the list says why, once. */}
                  {signal.status === 'not_checked' ? null : (
                    <p className="mt-1 text-sm text-slate-700">{signal.reason}</p>
                  )}
                  <Evidence signal={signal} label={definition(signal.id).label} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/**
 * An optional fix as shown: the "Optional" badge says it once, so a title or advice that also
 * starts a sentence with "Optional:" loses those words here (the fix's own text is unchanged).
 */
export function shownFix(fix: Fix): { title: string; help: string | undefined } {
  if (!fix.optional) return { title: fix.title, help: fix.help };
  const drop = (text: string) =>
    text.replace(
      /(^|[.!?]\s+)Optional:\s+(\S)/g,
      (_, before: string, first: string) => `${before}${first.toUpperCase()}`,
    );
  return { title: drop(fix.title), help: fix.help === undefined ? undefined : drop(fix.help) };
}

/**
 * A fix given in words: its lines as paragraphs, and lines starting "- " as a list. Plain text,
 * never a code box (issue 44: code boxes are for code).
 */
function FixSteps({ text }: { text: string }) {
  const blocks: { list: boolean; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const list = line.startsWith('- ');
    const last = blocks.at(-1);
    if (last && last.list && list) last.lines.push(line.slice(2));
    else blocks.push({ list, lines: [list ? line.slice(2) : line] });
  }
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-800" data-testid="audit-fix-steps">
      {blocks.map((block, index) =>
        block.list ? (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.lines[0]}</p>
        ),
      )}
    </div>
  );
}

export function FixList({ fixes }: { fixes: Fix[] }) {
  const hydrated = useHydrated();
  if (fixes.length === 0) {
    return (
      <p className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        Nothing to fix: every signal passed.
      </p>
    );
  }
  return (
    <ol className="space-y-4">
      {fixes.map((fix, index) => {
        const { title, help } = shownFix(fix);
        const code = fixShowsCode(fix);
        return (
          <li
            key={`${fix.signal}-${index}`}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            data-testid="audit-fix"
            data-kind={code ? 'code' : 'steps'}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h3 className="font-semibold text-slate-900">
                {fix.optional ? (
                  <span className="mr-2 inline-flex rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800">
                    Optional
                  </span>
                ) : null}
                {title}
              </h3>
              {hydrated && code ? (
                <CopyButton
                  text={fix.text}
                  label={title}
                  copiedToast={{
                    title: 'Fix copied',
                    description: `"${title}" is on your clipboard.`,
                  }}
                />
              ) : null}
            </div>
            {code ? (
              <>
                {help ? <p className="mt-1 text-sm text-slate-700">{help}</p> : null}
                <pre
                  className="mt-3 overflow-x-auto rounded-md bg-slate-50 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-900 select-text"
                  aria-label={`${title}: code to copy`}
                  data-testid="audit-fix-text"
                >
                  {fix.text}
                </pre>
              </>
            ) : (
              <>
                <FixSteps text={fix.text} />
                {help ? <p className="mt-2 text-sm text-slate-700">{help}</p> : null}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** How the score is made, from the weights table of the audit's version itself. */
export function ScoreExplainer({ version = AUDIT_VERSION }: { version?: number }) {
  const groups = Object.keys(SIGNAL_GROUPS) as SignalGroup[];
  const table = signalTable(version);
  const rows = groups.flatMap((group) =>
    (Object.entries(table) as [SignalId, NonNullable<(typeof table)[SignalId]>][]).filter(
      ([, signal]) => signal.group === group,
    ),
  );
  const withWhy = rows.some(([, signal]) => signal.why);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">How the score works</summary>
      <p className="mt-2 text-slate-700">
        Each check has a weight; together they add up to 100. A check that passes earns its full
        weight, one that needs attention earns half, and one that fails earns nothing. What keeps
        assistants out weighs most: robots.txt rules and blocks by your host or CDN. llms.txt weighs
        least, because few AI crawlers ask for it yet.
      </p>
      {version >= 2 ? (
        <p className="mt-2 text-slate-700">
          When AI assistants cannot read your site at all (every answer crawler blocked by
          robots.txt or by your host, or a &ldquo;noindex&rdquo; for every crawler), the score is at
          most {SHUT_OUT_CAP}, whatever else passes.
        </p>
      ) : null}
      {version !== AUDIT_VERSION ? (
        <p className="mt-2 text-slate-700" data-testid="audit-version-note">
          This audit ran with an earlier set of checks, scored with the weights below. The next
          audit also checks what AI crawlers get from your host or CDN, your content signals and
          every directive that limits quoting.
        </p>
      ) : null}
      <table className="mt-3 w-full max-w-2xl text-left">
        <caption className="sr-only">Weight of each check</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 font-medium text-slate-700">
              Check
            </th>
            <th scope="col" className="py-1 text-right font-medium text-slate-700">
              Weight
            </th>
            {withWhy ? (
              <th scope="col" className="py-1 pl-4 font-medium text-slate-700">
                Why it weighs this much
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map(([id, signal]) => (
            <tr key={id} className="border-b border-slate-100 align-top">
              <td className="py-1 text-slate-900">{signal.label}</td>
              <td className="py-1 text-right text-slate-900">{signal.weight}</td>
              {withWhy ? <td className="py-1 pl-4 text-slate-700">{signal.why}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
