// tools/list here is one page (every tool fits), so no cursor was ever handed out: a request with
// one is answered -32602 (invalid params), as the specification asks for an invalid cursor, rather
// than the SDK's silent first page. Only a single message is checked (JSON-RPC batches are gone
// from the current protocol revisions); anything unreadable is left to the SDK to refuse.

export const INVALID_CURSOR_MESSAGE =
  'Invalid cursor: tools/list has a single page here; send it without a cursor.';

export async function invalidCursorResponse(request: Request): Promise<Response | null> {
  let message: unknown;
  try {
    message = await request.clone().json();
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) return null;
  const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
  if (method !== 'tools/list' || id === undefined) return null;
  const cursor = (params as { cursor?: unknown } | undefined)?.cursor;
  if (cursor === undefined) return null;
  return Response.json({
    jsonrpc: '2.0',
    id,
    error: { code: -32602, message: INVALID_CURSOR_MESSAGE },
  });
}
