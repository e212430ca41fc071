import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { EngineConfig } from '~/lib/ai/engines.server';

// A local fake of the five AI APIs tracking calls, on one HTTP server (127.0.0.1, a free port), so
// the real provider code of the AI SDK runs against it. Each API sits under its own prefix, which
// stands in for the provider's base URL (<ENGINE>_BASE_URL = baseURLs()[engine]):
//
//   ChatGPT     POST {base}/responses                     OpenAI Responses, web_search_call + url_citation
//   Perplexity  POST {base}/chat/completions              Sonar, citations + search_results
//   Gemini      POST {base}/models/{model}:generateContent groundingMetadata.groundingChunks
//   Claude      POST {base}/messages                      server_tool_use + web_search_tool_result
//   compatible  POST {base}/chat/completions              plain chat completions
//
// Answers come from a function (engine, prompt) → { text, sources, retrieved, queries }; the default
// writes a local business list like the engines do. Each API answers in its real shape: the cited
// pages (`sources`) as the answer's citations (OpenAI url_citation annotations with
// ?utm_source=openai appended, Anthropic web_search_result_location citations, Gemini grounding
// supports, Perplexity citations) and, with the pages the search returned but the answer did not
// cite (`retrieved`), as the search's results; the searches (`queries`) as each API reports them.
// `respondWith` serves a whole recorded response body instead (tests/fixtures/engine-responses).
// Every request is recorded (path, headers, JSON body). Faults are scripted per engine and
// consumed in order; `latencyMs` slows every answer and `rpm` answers 429 with Retry-After past a
// number of requests a minute, as the real APIs do.

export type FakeEngineId = 'chatgpt' | 'perplexity' | 'gemini' | 'claude' | 'compatible';
export const FAKE_ENGINES: FakeEngineId[] = [
  'chatgpt',
  'perplexity',
  'gemini',
  'claude',
  'compatible',
];

/** Each engine's name on pages (as ENGINE_LABELS has it; the fake imports nothing of the app). */
const FAKE_NAMES: Record<FakeEngineId, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  compatible: 'Own model',
};

/** The model each engine is asked for in the tests. */
export const FAKE_MODELS: Record<FakeEngineId, string> = {
  chatgpt: 'gpt-5-mini',
  perplexity: 'sonar',
  gemini: 'gemini-2.5-flash',
  claude: 'claude-haiku-4-5',
  compatible: 'llama3.1:8b',
};

export type FakeSource = { url: string; title: string };
export type FakeAnswer = {
  text: string;
  /** The pages the answer cites. */
  sources: FakeSource[];
  /** Pages the search returned that the answer does not cite (none by default). */
  retrieved?: FakeSource[];
  /** The searches the engine reports (default: the prompt as one search). */
  queries?: string[];
  /** Reported as is; by default about a token per four characters, plus the search's context. */
  usage?: { inputTokens: number; outputTokens: number };
};
export type AnswerFunction = (engine: FakeEngineId, prompt: string) => FakeAnswer;

export type Fault =
  /** An HTTP error in the API's own error shape; retryAfter in seconds, or an HTTP date. */
  | { status: number; retryAfter?: number | string; retryAfterMs?: number; message?: string }
  /** Never answers (until the server closes). */
  | { hang: true }
  /** 200 with a body that is not JSON. */
  | { malformed: true }
  /** 200 with a well-formed answer that has no text. */
  | { empty: true }
  /** Closes the connection without a response. */
  | { drop: true };

export type RecordedRequest = {
  engine: FakeEngineId;
  /** After the engine's prefix, e.g. /responses or /models/gemini-2.5-flash:generateContent. */
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
};

export type FakeEnginesOptions = {
  answer?: AnswerFunction;
  /** Added to every answer. */
  latencyMs?: number;
  /** Requests a minute per engine; past it, 429 with Retry-After until the minute ends. */
  rpm?: Partial<Record<FakeEngineId, number>>;
  /**
   * Gemini as it really cites: every page through a Google redirect URL, titled by its domain
   * (off by default, so tests see the answer function's URLs).
   */
  geminiRedirects?: boolean;
};

const PREFIX: Record<FakeEngineId, string> = {
  chatgpt: '/openai/v1',
  perplexity: '/perplexity',
  gemini: '/gemini/v1beta',
  claude: '/anthropic/v1',
  compatible: '/compatible/v1',
};

// ---------------------------------------------------------------------------------------------
// The default answers: a numbered list of 3 to 6 businesses for the service and town the prompt
// names, in bold, with a site link, the way the engines write them. Deterministic per prompt.

// prettier-ignore
const FIRST = ['Summit', 'Lone Star', 'Blue Ridge', 'Riverbend', 'Oak & Pine', 'Capitol', 'Northside', 'Evergreen', 'Cornerstone', 'Precision'];
const NOTES = [
  'Highly rated for fast response times',
  'Known for upfront pricing',
  'Family-owned, licensed and insured',
  'Strong reviews for emergency calls',
  'Offers free estimates',
  'Praised for clean, careful work',
];
const TRADES: [RegExp, string][] = [
  [/plumb/i, 'Plumbing'],
  [/electric/i, 'Electric'],
  [/roof/i, 'Roofing'],
  [/hvac|air condition|heating/i, 'Heating & Air'],
  [/dent/i, 'Family Dental'],
  [/law|attorney/i, 'Law Group'],
  [/clean/i, 'Cleaning Co.'],
];

function seeded(prompt: string): () => number {
  let state = createHash('sha256').update(prompt).digest().readUInt32BE(0) || 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

export const defaultAnswer: AnswerFunction = (engine, prompt) => {
  const random = seeded(`${engine}:${prompt}`);
  const trade = TRADES.find(([pattern]) => pattern.test(prompt))?.[1] ?? 'Services';
  const town =
    /\b(?:in|near) ([A-Z][\w .,'-]+?)(?:[?.!]|$)/.exec(prompt)?.[1]?.trim() ?? 'your area';
  const count = 3 + Math.floor(random() * 4);
  const names = [...FIRST];
  for (let index = names.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [names[index], names[other]] = [names[other]!, names[index]!];
  }
  names.length = count;
  const lines = names.map((first, index) => {
    const name = `${first} ${trade}`;
    return `${index + 1}. **${name}** – ${NOTES[index % NOTES.length]}. [${slug(name)}.com](https://www.${slug(name)}.com)`;
  });
  const text = [
    `Here are some well-reviewed options in ${town}:`,
    '',
    ...lines,
    '',
    'Check recent reviews and ask for a written quote before you book.',
  ].join('\n');
  const sources: FakeSource[] = [
    {
      url: `https://www.yelp.com/search?find_desc=${encodeURIComponent(trade)}`,
      title: `Top 10 Best ${trade} near ${town} - Yelp`,
    },
    ...names.slice(0, 2).map((first) => ({
      url: `https://www.${slug(`${first} ${trade}`)}.com/`,
      title: `${first} ${trade} | Licensed & Insured`,
    })),
  ];
  // The search returns more than the answer cites: the directories and the other sites.
  const retrieved: FakeSource[] = [
    {
      url: `https://www.angi.com/nearme/${slug(trade)}/`,
      title: `Best ${trade} Near You | Angi`,
    },
    ...names.slice(2).map((first) => ({
      url: `https://www.${slug(`${first} ${trade}`)}.com/`,
      title: `${first} ${trade}`,
    })),
  ];
  const queries = [`best ${trade.toLowerCase()} ${town}`, `${trade.toLowerCase()} ${town} reviews`];
  return { text, sources, retrieved, queries };
};

// ---------------------------------------------------------------------------------------------

function promptOf(engine: FakeEngineId, body: Record<string, unknown>): string {
  const texts: string[] = [];
  const collect = (content: unknown) => {
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) {
      for (const part of content as Record<string, unknown>[]) {
        if (typeof part.text === 'string') texts.push(part.text);
      }
    }
  };
  if (engine === 'chatgpt') {
    const input = body.input;
    if (typeof input === 'string') return input;
    for (const item of (input as Record<string, unknown>[] | undefined) ?? [])
      collect(item.content);
  } else if (engine === 'gemini') {
    for (const item of (body.contents as { parts?: unknown }[] | undefined) ?? []) {
      collect(item.parts);
    }
  } else {
    for (const message of (body.messages as Record<string, unknown>[] | undefined) ?? []) {
      collect(message.content);
    }
  }
  return texts.join('\n');
}

function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function hasTool(body: Record<string, unknown>, test: (tool: Record<string, unknown>) => boolean) {
  return ((body.tools as Record<string, unknown>[] | undefined) ?? []).some(test);
}

/** A cited URL as OpenAI returns it: with ?utm_source=openai appended. */
function openAiCitation(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}utm_source=openai`;
}

function responseFor(
  engine: FakeEngineId,
  body: Record<string, unknown>,
  prompt: string,
  answer: FakeAnswer,
  redirects: boolean,
): unknown {
  const { text, sources } = answer;
  const retrieved = answer.retrieved ?? [];
  const found = [...sources, ...retrieved];
  const queries = answer.queries ?? [prompt];
  const model = String(body.model ?? '');
  const input = answer.usage?.inputTokens ?? tokens(prompt) + 8;
  const output = answer.usage?.outputTokens ?? tokens(text);
  // The tokens a search adds to the input, unless the answer says exactly what to report.
  const searchContext = (size: number) => (answer.usage ? 0 : size);
  const id = randomUUID().replaceAll('-', '');
  const created = Math.floor(Date.now() / 1000);
  switch (engine) {
    case 'chatgpt': {
      const searched = hasTool(body, (tool) => tool.type === 'web_search');
      const withSources = ((body.include as string[] | undefined) ?? []).includes(
        'web_search_call.action.sources',
      );
      return {
        id: `resp_${id}`,
        object: 'response',
        created_at: created,
        status: 'completed',
        // The API answers with the dated snapshot of the model asked.
        model: /-\d{4}-\d{2}-\d{2}$/.test(model) ? model : `${model}-2025-08-07`,
        output: [
          ...(searched
            ? queries.map((query, index) => ({
                type: 'web_search_call',
                id: `ws_${id}${index}`,
                status: 'completed',
                action: {
                  type: 'search',
                  query,
                  // Every page the searches returned comes with the first.
                  ...(withSources
                    ? {
                        sources: (index ? [] : found).map((source) => ({
                          type: 'url',
                          url: source.url,
                        })),
                      }
                    : {}),
                },
              }))
            : []),
          {
            type: 'message',
            id: `msg_${id}`,
            status: 'completed',
            role: 'assistant',
            content: [
              {
                type: 'output_text',
                text,
                annotations: searched
                  ? sources.map((source) => {
                      const at = Math.max(0, text.indexOf(source.url));
                      return {
                        type: 'url_citation',
                        start_index: at,
                        end_index: at + (text.includes(source.url) ? source.url.length : 0),
                        url: openAiCitation(source.url),
                        title: source.title,
                      };
                    })
                  : [],
                logprobs: [],
              },
            ],
          },
        ],
        usage: {
          input_tokens: input + (searched ? searchContext(1200) : 0),
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + output,
        },
      };
    }
    case 'perplexity':
      return {
        id,
        model,
        created,
        object: 'chat.completion',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } },
        ],
        citations: sources.map((source) => source.url),
        search_results: found.map((source) => ({
          title: source.title,
          url: source.url,
          date: null,
        })),
        usage: {
          prompt_tokens: input,
          completion_tokens: output,
          total_tokens: input + output,
          search_context_size: 'low',
          num_search_queries: 1,
        },
      };
    case 'gemini': {
      const searched = hasTool(body, (tool) => 'googleSearch' in tool);
      const chunkOf = (source: FakeSource, index: number) => ({
        web: redirects
          ? {
              uri: `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${id}${index}`,
              title: new URL(source.url).hostname.replace(/^www\./, ''),
            }
          : { uri: source.url, title: source.title },
      });
      return {
        candidates: [
          {
            content: { role: 'model', parts: text ? [{ text }] : [] },
            finishReason: 'STOP',
            index: 0,
            ...(searched
              ? {
                  groundingMetadata: {
                    webSearchQueries: queries,
                    groundingChunks: found.map(chunkOf),
                    // The cited pages are the chunks a support points at.
                    groundingSupports: sources.length
                      ? [
                          {
                            segment: { endIndex: Buffer.byteLength(text), text },
                            groundingChunkIndices: sources.map((_, index) => index),
                          },
                        ]
                      : [],
                  },
                }
              : {}),
          },
        ],
        usageMetadata: {
          promptTokenCount: input,
          candidatesTokenCount: output,
          ...(searched && searchContext(900) ? { toolUsePromptTokenCount: 900 } : {}),
          totalTokenCount: input + output,
        },
        modelVersion: model.replace(/^models\//, ''),
        responseId: id,
      };
    }
    case 'claude': {
      const searched = hasTool(body, (tool) => String(tool.type).startsWith('web_search'));
      return {
        id: `msg_${id}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [
          ...(searched
            ? queries.flatMap((query, index) => [
                {
                  type: 'server_tool_use',
                  id: `srvtoolu_${id}${index}`,
                  name: 'web_search',
                  input: { query },
                },
                {
                  type: 'web_search_tool_result',
                  tool_use_id: `srvtoolu_${id}${index}`,
                  // Every page the searches returned comes with the first.
                  content: (index ? [] : found).map((source) => ({
                    type: 'web_search_result',
                    url: source.url,
                    title: source.title,
                    encrypted_content: 'EqgfCioIARgBIiQ3YTAw',
                    page_age: null,
                  })),
                },
              ])
            : []),
          ...(text
            ? [
                {
                  type: 'text',
                  text,
                  citations:
                    searched && sources.length
                      ? sources.map((source) => ({
                          type: 'web_search_result_location',
                          url: source.url,
                          title: source.title,
                          cited_text: text.slice(0, 80),
                          encrypted_index: 'Eo8BCioIAhgBIiQy',
                        }))
                      : null,
                },
              ]
            : []),
        ],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: {
          input_tokens: input + (searched ? searchContext(2500) : 0),
          output_tokens: output,
          ...(searched ? { server_tool_use: { web_search_requests: queries.length } } : {}),
        },
      };
    }
    case 'compatible':
      return {
        id: `chatcmpl-${id}`,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } },
        ],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      };
  }
}

function errorBody(engine: FakeEngineId, status: number, message: string): unknown {
  switch (engine) {
    case 'claude':
      return {
        type: 'error',
        error: {
          type:
            status === 429
              ? 'rate_limit_error'
              : status === 401
                ? 'authentication_error'
                : 'api_error',
          message,
        },
      };
    case 'gemini':
      return {
        error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'ERROR' },
      };
    case 'perplexity':
      return { error: { code: status, message, type: status === 429 ? 'rate_limit' : 'error' } };
    default:
      return { error: { message, type: 'error', param: null, code: String(status) } };
  }
}

export type FakeEngines = {
  url: string;
  /** Each engine's base URL, for <ENGINE>_BASE_URL or EngineConfig.baseURL. */
  baseURLs(): Record<FakeEngineId, string>;
  /** An engine's settings pointing at the fake (its test model, a key of its own). */
  engineConfig(id: FakeEngineId, overrides?: Partial<EngineConfig>): EngineConfig;
  /** The environment that points every engine at the fake (keys included). */
  environment(): Record<string, string>;
  requests: RecordedRequest[];
  requestsTo(engine: FakeEngineId): RecordedRequest[];
  /** Faults the engine's next requests meet, in order (appended to any still queued). */
  fail(engine: FakeEngineId, faults: Fault[]): void;
  setAnswer(answer: AnswerFunction): void;
  /** Serves this whole response body to every request of the engine (null: answers again). */
  respondWith(engine: FakeEngineId, body: unknown): void;
  /** Forgets requests, faults, rate windows, and goes back to the default answers. */
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeEngines(options: FakeEnginesOptions = {}): Promise<FakeEngines> {
  let answer = options.answer ?? defaultAnswer;
  const recorded = new Map<FakeEngineId, unknown>();
  const requests: RecordedRequest[] = [];
  const faults = new Map<FakeEngineId, Fault[]>();
  const windows = new Map<FakeEngineId, { start: number; count: number }>();
  const sockets = new Set<Socket>();

  const send = (response: ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const engine = FAKE_ENGINES.find((id) => url.pathname.startsWith(`${PREFIX[id]}/`));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (!engine || request.method !== 'POST') {
      send(response, 404, { error: { message: `No route ${request.method} ${url.pathname}` } });
      return;
    }
    const path = url.pathname.slice(PREFIX[engine].length);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      send(response, 400, errorBody(engine, 400, 'Request body is not JSON'));
      return;
    }
    requests.push({ engine, path, headers: request.headers, body, at: Date.now() });

    const expected: Record<FakeEngineId, RegExp> = {
      chatgpt: /^\/responses$/,
      perplexity: /^\/chat\/completions$/,
      gemini: /^\/models\/[^/:]+:generateContent$/,
      claude: /^\/messages$/,
      compatible: /^\/chat\/completions$/,
    };
    if (!expected[engine].test(path)) {
      send(response, 404, errorBody(engine, 404, `Unknown path ${path}`));
      return;
    }

    const limit = options.rpm?.[engine];
    if (limit) {
      const now = Date.now();
      const window = windows.get(engine);
      if (!window || now - window.start >= 60_000) windows.set(engine, { start: now, count: 1 });
      else if (window.count >= limit) {
        const seconds = Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
        send(response, 429, errorBody(engine, 429, 'Rate limit reached for requests'), {
          'retry-after': String(seconds),
        });
        return;
      } else window.count += 1;
    }

    const fault = faults.get(engine)?.shift();
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (fault && 'hang' in fault) return;
    if (fault && 'drop' in fault) {
      request.socket.destroy();
      return;
    }
    if (fault && 'malformed' in fault) {
      send(response, 200, '{"id": "resp_1", "output": [{"type": "mess');
      return;
    }
    if (fault && 'status' in fault) {
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      const message =
        fault.message ??
        (fault.status === 401 ? 'Incorrect API key provided' : `Fake error ${fault.status}`);
      send(response, fault.status, errorBody(engine, fault.status, message), headers);
      return;
    }
    if (recorded.has(engine) && !fault) {
      send(response, 200, recorded.get(engine));
      return;
    }
    const prompt = promptOf(engine, body);
    const reply = fault && 'empty' in fault ? { text: '', sources: [] } : answer(engine, prompt);
    send(response, 200, responseFor(engine, body, prompt, reply, options.geminiRedirects ?? false));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { message: String(error) } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const baseURLs = () =>
    Object.fromEntries(FAKE_ENGINES.map((id) => [id, `${url}${PREFIX[id]}`])) as Record<
      FakeEngineId,
      string
    >;

  return {
    url,
    baseURLs,
    engineConfig: (id, overrides = {}) => ({
      id,
      name: FAKE_NAMES[id],
      model: FAKE_MODELS[id],
      baseURL: baseURLs()[id],
      apiKey: `key-for-${id}`,
      concurrency: 2,
      rpm: 60,
      ...overrides,
    }),
    environment() {
      const base = baseURLs();
      return {
        OPENAI_API_KEY: 'sk-fake-openai',
        OPENAI_BASE_URL: base.chatgpt,
        PERPLEXITY_API_KEY: 'pplx-fake',
        PERPLEXITY_BASE_URL: base.perplexity,
        GOOGLE_GENERATIVE_AI_API_KEY: 'fake-google-key',
        GOOGLE_BASE_URL: base.gemini,
        ANTHROPIC_API_KEY: 'sk-ant-fake',
        ANTHROPIC_BASE_URL: base.claude,
        OPENAI_COMPATIBLE_BASE_URL: base.compatible,
        OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
      };
    },
    requests,
    requestsTo: (engine) => requests.filter((request) => request.engine === engine),
    fail(engine, list) {
      faults.set(engine, [...(faults.get(engine) ?? []), ...list]);
    },
    setAnswer(next) {
      answer = next;
    },
    respondWith(engine, body) {
      if (body === null) recorded.delete(engine);
      else recorded.set(engine, body);
    },
    reset() {
      recorded.clear();
      requests.length = 0;
      faults.clear();
      windows.clear();
      answer = options.answer ?? defaultAnswer;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
