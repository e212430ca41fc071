import { localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';
import { env, isProduction } from '~/lib/env.server';

// What /mcp checks of a request before it reaches a server (issue 41):
// - the Host: only the hosts of PUBLIC_URL (and localhost outside production), 403 otherwise, as
//   the MCP transport guidance asks against DNS rebinding (a page on evil.example whose name
//   points at this server must not reach it, even with a key);
// - JSON-RPC batches: at most MCP_MAX_BATCH messages, and none for protocol revisions that
//   removed batching (2025-06-18 and later); every message of a batch counts against the key's
//   rate like a request of its own (the caller takes `calls` from the key's bucket);
// - `initialize` without its params: -32602 (invalid params) with a plain message, rather than
//   the SDK's -32603 carrying a raw validation dump.

/** Messages one batch may carry (2025-03-26 clients batch a few at most). */
export const MCP_MAX_BATCH = 10;
/** The first protocol revision without JSON-RPC batching. */
export const BATCHLESS_REVISION = '2025-06-18';
/** The revision a 2025-era client that sends no MCP-Protocol-Version header is taken to speak. */
const ASSUMED_REVISION = '2025-03-26';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The host names /mcp answers for: PUBLIC_URL's, and localhost's outside production. */
export function mcpAllowedHostnames(): string[] {
  const names = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).hostname] : [];
  return isProduction ? names : [...names, ...localhostAllowedHostnames()];
}

/** 403 for a request addressed to another host (the URL's host is the Host the server saw). */
export function mcpHostRefusal(request: Request): Response | null {
  const allowed = mcpAllowedHostnames();
  const host = new URL(request.url).host;
  if (validateHostHeader(host, allowed).ok) return null;
  return Response.json(
    {
      message: `This MCP server answers only at ${allowed.length ? allowed.join(', ') : 'its public address'}; the request was addressed to ${host}.`,
    },
    { status: 403, headers: NO_STORE },
  );
}

function rpcError(status: number, id: unknown, code: number, message: string): Response {
  const replyId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return Response.json(
    { jsonrpc: '2.0', id: replyId, error: { code, message } },
    { status, headers: NO_STORE },
  );
}

type Message = { method?: unknown; id?: unknown; params?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether an `initialize` request carries what the protocol asks of it. */
function initializeParamsProblem(params: unknown): string | null {
  if (!isObject(params))
    return 'initialize needs params: protocolVersion, capabilities and clientInfo';
  if (typeof params.protocolVersion !== 'string') return 'params.protocolVersion must be a string';
  if (!isObject(params.capabilities)) return 'params.capabilities must be an object';
  const info = params.clientInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string')
    return 'params.clientInfo must be an object with a name and a version';
  return null;
}

/** The revision a batch is sent under: the header, else its initialize's, else 2025-03-26. */
function revisionOf(request: Request, messages: Message[]): string {
  const header = request.headers.get('mcp-protocol-version')?.trim();
  if (header) return header;
  for (const message of messages) {
    if (message.method === 'initialize' && isObject(message.params)) {
      const version = message.params.protocolVersion;
      if (typeof version === 'string') return version;
    }
  }
  return ASSUMED_REVISION;
}

/**
 * How many calls a POST to /mcp carries (a batch counts each message), or the answer that turns
 * it away. A body that is not JSON counts as one call and is left to the SDK to answer.
 */
export async function inspectMcpBody(
  request: Request,
): Promise<{ calls: number } | { refusal: Response }> {
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return { calls: 1 };
  }
  const messages = (Array.isArray(body) ? body : [body]).filter(isObject) as Message[];
  if (Array.isArray(body)) {
    const revision = revisionOf(request, messages);
    if (revision >= BATCHLESS_REVISION) {
      return {
        refusal: rpcError(
          400,
          null,
          -32600,
          `JSON-RPC batches are not part of MCP ${revision}: send one message per request.`,
        ),
      };
    }
    if (body.length > MCP_MAX_BATCH) {
      return {
        refusal: rpcError(
          400,
          null,
          -32600,
          `A batch may carry at most ${MCP_MAX_BATCH} messages; this one carried ${body.length}.`,
        ),
      };
    }
  }
  for (const message of messages) {
    if (message.method !== 'initialize') continue;
    const problem = initializeParamsProblem(message.params);
    if (problem)
      return { refusal: rpcError(400, message.id, -32602, `Invalid params: ${problem}`) };
  }
  return { calls: Array.isArray(body) ? Math.max(1, body.length) : 1 };
}
