import { Fragment } from 'react';

// An AI engine's answer is untrusted text: it is shown as plain text (line breaks kept, markdown's
// bold markers dropped), never as HTML. The business's and its competitors' names are marked from the reader's offsets, each kind
// with its own style and a word for screen readers, so the marks do not rely on colour.

export type Match = { start: number; end: number; kind: 'business' | 'competitor' };

export const OWN_MARK =
  'rounded-sm bg-amber-200 px-0.5 font-semibold text-slate-950 underline decoration-2 underline-offset-2';
export const COMPETITOR_MARK =
  'rounded-sm bg-sky-100 px-0.5 text-slate-950 underline decoration-dashed decoration-2 underline-offset-2';

/** The text cut into plain runs and marked names (overlapping or out-of-range matches skipped). */
export function segments(text: string, matches: Match[]) {
  const sorted = [...matches]
    .filter((m) => m.start >= 0 && m.end <= text.length && m.end > m.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: { text: string; kind: Match['kind'] | null }[] = [];
  let at = 0;
  for (const match of sorted) {
    if (match.start < at) continue;
    if (match.start > at) out.push({ text: text.slice(at, match.start), kind: null });
    out.push({ text: text.slice(match.start, match.end), kind: match.kind });
    at = match.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), kind: null });
  return out;
}

/** Markdown's bold markers are noise in plain text; they are dropped from what is shown only. */
function shown(text: string): string {
  return text.replace(/\*\*|__/g, '');
}

export function AnswerText({ text, matches }: { text: string; matches: Match[] }) {
  return (
    <div
      className="user-text text-sm leading-6 whitespace-pre-wrap text-slate-800"
      data-testid="answer-text"
    >
      {segments(text, matches).map((part, index) =>
        part.kind === null ? (
          <Fragment key={index}>{shown(part.text)}</Fragment>
        ) : (
          <mark
            key={index}
            className={part.kind === 'business' ? OWN_MARK : COMPETITOR_MARK}
            data-kind={part.kind}
          >
            {shown(part.text)}
            <span className="sr-only">
              {part.kind === 'business' ? ' (your business)' : ' (competitor)'}
            </span>
          </mark>
        ),
      )}
    </div>
  );
}

/** Only web addresses become links; anything else an engine returned is shown as text. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
