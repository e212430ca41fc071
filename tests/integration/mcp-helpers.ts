import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { getUserById } from '~/domain/accounts.server';
import { mcpServerFor } from '~/http/mcp/tools.server';

// What the MCP tool tests share: a client connected in process to the server a user gets, and
// the shape of what a tool call returns.

/** An MCP client connected (in memory) to the tools server of the user with this id. */
export async function connected(userId: string) {
  const user = await getUserById(userId);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcpServerFor(user!).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** What a tool call returns: text, structured content, and whether it was refused. */
export type Result = {
  content: { text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};
