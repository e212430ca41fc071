import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { handleMcpRequest } from '~/http/mcp/handler.server';

// /mcp: the remote MCP server (Model Context Protocol, Streamable HTTP, stateless, JSON answers).
// POST carries the JSON-RPC messages; GET and DELETE (2025-era session operations) answer 405,
// as a stateless server does. Authorised by `Authorization: Bearer <API key>` only.
export function loader({ request }: LoaderFunctionArgs) {
  return handleMcpRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleMcpRequest(request);
}
