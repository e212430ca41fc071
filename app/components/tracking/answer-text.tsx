import { Fragment } from 'react';
import { ScrollRegion } from '~/components/ui/scroll-region';
import type { AnswerBlock, AnswerInline } from './answer-markdown';

// An AI engine's answer is untrusted markdown: the server turns it into a tree of plain data
// (answer-markdown.ts) and this renders the tree as elements, never as HTML. The business's and
// its competitors' names are marked from the reader's offsets, each kind with its own style and a
// word for screen readers, so the marks do not rely on colour.

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

const LINK_REL = 'nofollow noopener ugc';

function Inline({ nodes }: { nodes: AnswerInline[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case 'text':
            return node.mark ? (
              <mark
                key={index}
                className={node.mark === 'business' ? OWN_MARK : COMPETITOR_MARK}
                data-kind={node.mark}
              >
                {node.text}
                <span className="sr-only">
                  {node.mark === 'business' ? ' (your business)' : ' (competitor)'}
                </span>
              </mark>
            ) : (
              <Fragment key={index}>{node.text}</Fragment>
            );
          case 'strong':
            return (
              <strong key={index} className="font-semibold text-slate-900">
                <Inline nodes={node.children} />
              </strong>
            );
          case 'em':
            return (
              <em key={index}>
                <Inline nodes={node.children} />
              </em>
            );
          case 'del':
            return (
              <del key={index}>
                <Inline nodes={node.children} />
              </del>
            );
          case 'code':
            return (
              <code key={index} className="rounded bg-slate-200 px-1 font-mono text-[0.9em]">
                <Inline nodes={node.children} />
              </code>
            );
          case 'link': {
            // Checked again here: only a web address is ever an href.
            const href = node.href ? safeHref(node.href) : null;
            return href ? (
              <a
                key={index}
                href={href}
                target="_blank"
                rel={LINK_REL}
                className="text-brand-700 hover:text-brand-800 underline"
              >
                <Inline nodes={node.children} />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <Fragment key={index}>
                <Inline nodes={node.children} />
              </Fragment>
            );
          }
          case 'br':
            return <br key={index} />;
        }
      })}
    </>
  );
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/**
 * Names the answer's boxes that scroll sideways (its tables and code blocks: focusable, labelled
 * regions, issue 44) after the answer and their place in it: "Answer 2 (ChatGPT): table 1".
 */
type Boxes = { label: string; tables: number; code: number };

function Blocks({ nodes, boxes }: { nodes: AnswerBlock[]; boxes: Boxes }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case 'paragraph':
            return (
              <p key={index}>
                <Inline nodes={node.children} />
              </p>
            );
          // An answer's headings stay out of the page's outline: bold lines, not headings.
          case 'heading':
            return (
              <p key={index} className="font-semibold text-slate-900">
                <Inline nodes={node.children} />
              </p>
            );
          case 'text':
            return (
              <Fragment key={index}>
                <Inline nodes={node.children} />
              </Fragment>
            );
          case 'list': {
            const items = node.items.map((item, i) => (
              <li key={i}>
                <Blocks nodes={item} boxes={boxes} />
              </li>
            ));
            return node.ordered ? (
              <ol
                key={index}
                start={node.start ?? undefined}
                className="list-decimal space-y-1 pl-6"
              >
                {items}
              </ol>
            ) : (
              <ul key={index} className="list-disc space-y-1 pl-6">
                {items}
              </ul>
            );
          }
          case 'blockquote':
            return (
              <blockquote key={index} className="border-l-4 border-slate-300 pl-3">
                <Blocks nodes={node.children} boxes={boxes} />
              </blockquote>
            );
          case 'code':
            boxes.code += 1;
            return (
              <ScrollRegion
                key={index}
                label={`${boxes.label}: code ${boxes.code}`}
                className="rounded bg-slate-200"
              >
                <pre className="p-2 font-mono text-xs">
                  <code>{node.text}</code>
                </pre>
              </ScrollRegion>
            );
          case 'hr':
            return <hr key={index} className="border-slate-300" />;
          case 'table':
            boxes.tables += 1;
            return (
              <ScrollRegion
                key={index}
                label={`${boxes.label}: table ${boxes.tables}`}
                testId="answer-table"
              >
                <table className="min-w-full border-collapse text-left">
                  <thead>
                    <tr>
                      {node.header.map((cell, i) => (
                        <th
                          key={i}
                          scope="col"
                          className={`border-b border-slate-300 px-2 py-1 font-semibold ${ALIGN[node.align[i] ?? 'left']}`}
                        >
                          <Inline nodes={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {node.rows.map((row, r) => (
                      <tr key={r} className="border-b border-slate-200">
                        {row.map((cell, i) => (
                          <td
                            key={i}
                            className={`px-2 py-1 align-top ${ALIGN[node.align[i] ?? 'left']}`}
                          >
                            <Inline nodes={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            );
        }
      })}
    </>
  );
}

/**
 * An answer's markdown, read on the server (answerMarkdown), as elements: never its HTML. `label`
 * names the answer among the others on the page; its tables and code blocks are named after it.
 */
export function AnswerText({
  blocks,
  label = 'The answer',
}: {
  blocks: AnswerBlock[];
  label?: string;
}) {
  const boxes: Boxes = { label, tables: 0, code: 0 };
  return (
    <div className="user-text space-y-3 text-sm leading-6 text-slate-800" data-testid="answer-text">
      <Blocks nodes={blocks} boxes={boxes} />
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
