import type { generateText } from 'ai';
import { z } from 'zod';
import type { EngineId } from './engines.server';
import { pageKey } from './pages';

// What an engine's answer says besides its text, read from the AI SDK's result (and, where the
// SDK does not carry it, the raw response body):
//
// - Cited pages: the answer's own citations. OpenAI `url_citation` annotations and Anthropic
//   `web_search_result_location` citations reach the text parts' `citations`; Gemini cites a
//   grounding chunk when a grounding support points at it (`groundingSupports[].
//   groundingChunkIndices`, in the provider metadata); Perplexity's `citations`, which the SDK
//   turns into the sources.
// - Retrieved pages: what the search returned that the answer did not cite. OpenAI's
//   `web_search_call.action.sources`, Anthropic's `web_search_tool_result` blocks, every Gemini
//   grounding chunk, Perplexity's `search_results`: the SDK's `sources`, minus the cited ones.
// - Searches: the queries the engine ran for the prompt ("fan-out"). OpenAI's
//   `web_search_call.action.query` (and `queries`), in the web_search tool result; Anthropic's
//   `server_tool_use.input.query`, in the tool call; Gemini's `groundingMetadata.webSearchQueries`.
//   Perplexity does not say what it searched for.
//
// Each page comes once (pages.ts), cited when any of its addresses was cited, with the first
// address the engine gave for it.

export type EngineSource = {
  url: string;
  title: string | null;
  /** The answer cited the page (true), or its search only returned it (false). */
  cited: boolean;
};

type Result = Awaited<ReturnType<typeof generateText>>;
type Step = Pick<Result['steps'][number], 'content' | 'providerMetadata'>;

/** The raw response body's fields the SDK's result does not carry. */
export const rawBody = z
  .object({
    // Perplexity: the pages behind `citations` (with titles) and any others its search found.
    search_results: z.array(z.object({ url: z.string(), title: z.string().nullish() })).nullish(),
    // Gemini: the model version that answered.
    modelVersion: z.string().nullish(),
  })
  .partial();
export type RawBody = z.infer<typeof rawBody>;

const groundingMetadata = z.object({
  webSearchQueries: z.array(z.string()).nullish(),
  groundingChunks: z
    .array(z.object({ web: z.object({ uri: z.string(), title: z.string().nullish() }).nullish() }))
    .nullish(),
  groundingSupports: z
    .array(z.object({ groundingChunkIndices: z.array(z.number()).nullish() }))
    .nullish(),
});

function groundingOf(step: Step) {
  const parsed = groundingMetadata.safeParse(step.providerMetadata?.google?.groundingMetadata);
  return parsed.success ? parsed.data : null;
}

/**
 * Gemini cites every page through a Google redirect (vertexaisearch.cloud.google.com/
 * grounding-api-redirect/…) whose title is the page's domain: the site is all that can be known
 * without following the redirect, so the page becomes https://<domain>/.
 */
function siteOfRedirect(url: string, title: string | null | undefined): string | null {
  if (!/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//.test(url)) {
    return null;
  }
  const domain = title?.trim().toLowerCase();
  return domain && /^([a-z0-9-]+\.)+[a-z]{2,}$/.test(domain) ? `https://${domain}/` : null;
}

/** A markdown link ("[title](https://…)") or a bare address ("https://…") in an answer's text. */
const LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)|(?<![([<\w])(https?:\/\/[^\s)\]>"']+)/g;

/**
 * The pages an answer's text links to, in order (issue 43 item 5): where an engine returns no
 * citations (an OpenAI-compatible server never does), the links it wrote are its cited pages.
 */
export function linksIn(text: string): { url: string; title: string | null }[] {
  const found: { url: string; title: string | null }[] = [];
  for (const match of text.matchAll(LINK)) {
    const url = (match[2] ?? match[3] ?? '').replace(/[.,;:!?]+$/, '');
    const title = match[1]?.trim() || null;
    try {
      new URL(url);
    } catch {
      continue;
    }
    found.push({ url, title: title && !/^https?:\/\//.test(title) ? title : null });
  }
  return found;
}

/**
 * The pages of an answer, cited ones first, each page once. From an engine that returns no
 * citations (an OpenAI-compatible server), the links written in `text` are its cited pages.
 */
export function sourcesOf(
  engine: EngineId,
  result: Pick<Result, 'steps'>,
  body: RawBody | null,
  text = '',
) {
  const pages = new Map<string, EngineSource>();
  const add = (link: string, title: string | null | undefined, cited: boolean) => {
    const url = siteOfRedirect(link, title) ?? link;
    const key = pageKey(url);
    const known = pages.get(key);
    const name = title?.trim() || null;
    if (!known) pages.set(key, { url, title: name, cited });
    else {
      if (!known.title && name) known.title = name;
      if (cited) known.cited = true;
    }
  };
  const steps: Step[] = result.steps;
  // The answer's citations.
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type !== 'text') continue;
      for (const citation of part.citations ?? [])
        if (citation.source.sourceType === 'url')
          add(citation.source.url, citation.source.title, true);
    }
    const grounding = groundingOf(step);
    const chunks = grounding?.groundingChunks ?? [];
    for (const support of grounding?.groundingSupports ?? [])
      for (const index of support.groundingChunkIndices ?? []) {
        const web = chunks[index]?.web;
        if (web) add(web.uri, web.title, true);
      }
    // Perplexity's sources are its `citations`.
    if (engine === 'perplexity')
      for (const part of step.content)
        if (part.type === 'source' && part.sourceType === 'url') add(part.url, part.title, true);
  }
  // An engine with no citation list (an OpenAI-compatible server): the links in the text are the
  // answer's citations.
  if (engine === 'compatible' && ![...pages.values()].some((page) => page.cited))
    for (const link of linksIn(text)) add(link.url, link.title, true);
  // Everything the search returned.
  for (const step of steps)
    for (const part of step.content)
      if (part.type === 'source' && part.sourceType === 'url') add(part.url, part.title, false);
  for (const found of body?.search_results ?? []) add(found.url, found.title, false);
  // Cited pages first, each group in the order the engine gave them.
  const all = [...pages.values()];
  return [...all.filter((page) => page.cited), ...all.filter((page) => !page.cited)];
}

const MAX_SEARCHES = 20;
const MAX_SEARCH_CHARS = 300;

const searchInput = z.object({
  query: z.string().nullish(),
  queries: z.array(z.string()).nullish(),
});
const openAiSearchOutput = z.object({
  action: z.object({ type: z.literal('search') }).and(searchInput),
});

/** The searches the engine ran, in order, each once (compared without case or extra spaces). */
export function searchesOf(result: Pick<Result, 'steps'>): string[] {
  const found: string[] = [];
  const add = (query: string | null | undefined) => {
    const text = query?.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_CHARS);
    if (!text) return;
    if (found.some((seen) => seen.toLowerCase() === text.toLowerCase())) return;
    found.push(text);
  };
  const addAll = (parsed: z.infer<typeof searchInput>) => {
    add(parsed.query);
    for (const query of parsed.queries ?? []) add(query);
  };
  for (const step of result.steps) {
    for (const part of step.content) {
      if (part.type === 'tool-call' && part.toolName === 'web_search') {
        // Anthropic's server_tool_use input (and the Demo assistant's).
        const input = searchInput.safeParse(part.input);
        if (input.success) addAll(input.data);
      } else if (part.type === 'tool-result' && part.toolName === 'web_search') {
        // OpenAI's web_search_call action.
        const output = openAiSearchOutput.safeParse(part.output);
        if (output.success) addAll(output.data.action);
      }
    }
    for (const query of groundingOf(step)?.webSearchQueries ?? []) add(query);
  }
  return found.slice(0, MAX_SEARCHES);
}
