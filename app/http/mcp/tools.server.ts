import { McpServer } from '@modelcontextprotocol/server';
import type { PublicUser } from '~/domain/accounts.server';
import { registerAnswerTools } from './tools/answers.server';
import { registerAuditTools } from './tools/audits.server';
import { registerCrawlerTools } from './tools/crawlers.server';
import { registerBusinessTools } from './tools/businesses.server';
import { registerPromptTools } from './tools/prompts.server';
import type { ToolGroup } from './tools/shared.server';
import { registerSourceTools } from './tools/sources.server';
import { registerVisibilityTools } from './tools/visibility.server';
import { registerFactTools } from './tools/facts.server';

// The MCP server's tools (decision 22): what an owner's assistant may read and do, as the owner,
// through the same domain functions as the JSON API, so plan limits, not-found for another owner's
// business and every error message are the ones the API gives. Each call builds a fresh server
// for the caller (stateless), so a tool can only ever see its caller's data.
// Each group of tools is a module of tools/; a new tool is a module and a line in TOOL_GROUPS.

export const MCP_SERVER_INFO = { name: 'ai-visibility', title: 'AI Visibility', version: '1.0.0' };

/** The tool groups, in the order tools/list names them. */
const TOOL_GROUPS: ToolGroup[] = [
  registerBusinessTools,
  registerVisibilityTools,
  registerSourceTools,
  registerAnswerTools,
  registerAuditTools,
  registerPromptTools,
  registerFactTools,
  registerCrawlerTools,
];

/** A fresh MCP server whose tools act as `user`. */
export function mcpServerFor(user: PublicUser): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    // The tools never change while a client is connected (every request builds its own server),
    // so no tools/list_changed is ever sent: do not advertise one.
    capabilities: { tools: { listChanged: false } },
    instructions:
      "Tools for the owner's AI Visibility account: how often AI assistants (ChatGPT, Perplexity, Gemini, Claude) name and cite each of their businesses, the answers themselves, the website's AI-readiness audit and fixes, competitors, the tracked questions, and the AI crawlers' visits read from the website's logs. Start with list_businesses to get the business ids the other tools take.",
  });
  for (const register of TOOL_GROUPS) register(server, user);
  return server;
}
