import { marked, type Token, type Tokens } from 'marked';
import { safeHref, segments, type Match } from './answer-text';

// An AI engine's answer is untrusted markdown. The server reads it with `marked`'s lexer and turns
// its tokens into a small tree of plain data (paragraphs, lists, tables, emphasis, links), which
// AnswerText renders as React elements: no HTML from the answer ever reaches the page (an HTML tag
// in the answer is shown as the text it is), links are web addresses only, and the reader's name
// marks (offsets into the answer's text) are placed on the words they cover. The lexer runs here,
// on the server only: the browser gets the tree, not the markdown library.

export type AnswerInline =
  | { type: 'text'; text: string; mark?: Match['kind'] }
  | { type: 'strong' | 'em' | 'del' | 'code'; children: AnswerInline[] }
  /** `href` is a web address (http or https) or null: then only the link's words show. */
  | { type: 'link'; href: string | null; children: AnswerInline[] }
  | { type: 'br' };

export type Align = 'left' | 'center' | 'right' | null;

export type AnswerBlock =
  | { type: 'paragraph' | 'heading' | 'text'; children: AnswerInline[] }
  | { type: 'list'; ordered: boolean; start: number | null; items: AnswerBlock[][] }
  | { type: 'blockquote'; children: AnswerBlock[] }
  | { type: 'code'; text: string }
  | { type: 'hr' }
  | { type: 'table'; align: Align[]; header: AnswerInline[][]; rows: AnswerInline[][][] };

type Context = { source: string; matches: Match[]; at: number };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The few character references markdown text carries ("&amp;", "&#39;"), as the characters. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Where `raw` starts in the answer from the cursor on, or -1. */
function locate(context: Context, raw: string): number {
  return raw ? context.source.indexOf(raw, context.at) : -1;
}

/** Words of the answer, with the reader's marks on the part of them each mark covers. */
function words(context: Context, raw: string, shown: string): AnswerInline[] {
  const at = raw === shown ? locate(context, raw) : -1;
  if (at < 0) return shown ? [{ type: 'text', text: decode(shown) }] : [];
  context.at = at + raw.length;
  const end = at + raw.length;
  const local = context.matches
    .filter((match) => match.start < end && match.end > at)
    .map((match) => ({
      kind: match.kind,
      start: Math.max(match.start, at) - at,
      end: Math.min(match.end, end) - at,
    }));
  return segments(raw, local).map((part) =>
    part.kind
      ? { type: 'text', text: decode(part.text), mark: part.kind }
      : { type: 'text', text: decode(part.text) },
  );
}

/** Runs `inner` for a token whose own text holds its children's, then moves past all of it. */
function within<T>(context: Context, raw: string, inner: () => T): T {
  const at = locate(context, raw);
  const result = inner();
  if (at >= 0) context.at = Math.max(context.at, at + raw.length);
  return result;
}

function inline(context: Context, tokens: Token[] | undefined): AnswerInline[] {
  const out: AnswerInline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
      case 'del': {
        const t = token as Tokens.Strong | Tokens.Em | Tokens.Del;
        out.push({
          type: t.type,
          children: within(context, t.raw, () => inline(context, t.tokens)),
        });
        break;
      }
      case 'codespan':
        within(context, token.raw, () => null);
        out.push({
          type: 'code',
          children: [{ type: 'text', text: (token as Tokens.Codespan).text }],
        });
        break;
      case 'link': {
        const t = token as Tokens.Link;
        out.push({
          type: 'link',
          href: safeHref(t.href),
          children: within(context, t.raw, () => inline(context, t.tokens)),
        });
        break;
      }
      case 'image': {
        // No picture from an answer is loaded: its description stands in for it.
        const t = token as Tokens.Image;
        within(context, t.raw, () => null);
        if (t.text) out.push({ type: 'text', text: decode(t.text) });
        break;
      }
      case 'br':
        within(context, token.raw, () => null);
        out.push({ type: 'br' });
        break;
      case 'escape':
        within(context, token.raw, () => null);
        out.push({ type: 'text', text: (token as Tokens.Escape).text });
        break;
      case 'checkbox':
        out.push({ type: 'text', text: (token as Tokens.Checkbox).checked ? '☑ ' : '☐ ' });
        break;
      default: {
        // Text (its own words, or a list item's words with tokens of their own) and HTML, which
        // is shown as the text it is.
        const t = token as Tokens.Text | Tokens.HTML | Tokens.Generic;
        if ('tokens' in t && t.tokens?.length)
          out.push(...within(context, t.raw, () => inline(context, t.tokens)));
        else
          out.push(...words(context, t.raw, t.type === 'html' ? t.raw : String(t.text ?? t.raw)));
      }
    }
  }
  return out;
}

function blocks(context: Context, tokens: Token[] | undefined): AnswerBlock[] {
  const out: AnswerBlock[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'paragraph':
      case 'heading': {
        const t = token as Tokens.Paragraph | Tokens.Heading;
        out.push({
          type: t.type,
          children: within(context, t.raw, () => inline(context, t.tokens)),
        });
        break;
      }
      case 'text': {
        const t = token as Tokens.Text;
        out.push({
          type: 'text',
          children: within(context, t.raw, () =>
            t.tokens?.length ? inline(context, t.tokens) : words(context, t.raw, t.text),
          ),
        });
        break;
      }
      case 'list': {
        const t = token as Tokens.List;
        out.push({
          type: 'list',
          ordered: t.ordered,
          start: t.ordered && typeof t.start === 'number' ? t.start : null,
          items: within(context, t.raw, () =>
            t.items.map((item) => within(context, item.raw, () => blocks(context, item.tokens))),
          ),
        });
        break;
      }
      case 'blockquote': {
        const t = token as Tokens.Blockquote;
        out.push({
          type: 'blockquote',
          children: within(context, t.raw, () => blocks(context, t.tokens)),
        });
        break;
      }
      case 'code':
        within(context, token.raw, () => null);
        out.push({ type: 'code', text: (token as Tokens.Code).text });
        break;
      case 'hr':
        within(context, token.raw, () => null);
        out.push({ type: 'hr' });
        break;
      case 'table': {
        const t = token as Tokens.Table;
        out.push(
          within(context, t.raw, () => ({
            type: 'table' as const,
            align: t.align,
            header: t.header.map((cell) => inline(context, cell.tokens)),
            rows: t.rows.map((row) => row.map((cell) => inline(context, cell.tokens))),
          })),
        );
        break;
      }
      default: {
        // Block HTML and anything else: the words as they are, never markup.
        const children = words(context, token.raw, token.raw.trim());
        if (children.length) out.push({ type: 'paragraph', children });
      }
    }
  }
  return out;
}

/** The answer's markdown as a tree of plain data, with the reader's name marks placed on it. */
export function answerMarkdown(text: string, matches: Match[]): AnswerBlock[] {
  const tokens = marked.lexer(text, { gfm: true });
  return blocks({ source: text, matches, at: 0 }, tokens);
}
