// Product tokens, as robots.txt User-agent lines and User-Agent headers name an agent. Pure; used by
// the agent list (crawlers.server.ts), the audit's robots.txt reader and page directives.

/**
 * The product token a User-agent line names, lower-cased: '*' for "*" (also "* anything"), else
 * the leading letters, '-' and '_' (RFC 9309 2.2.1), so "GPTBot/1.1" and "ChatGPT-User extra"
 * name GPTBot and ChatGPT-User.
 */
export function productToken(value: string): string {
  if (/^\*(\s|$)/.test(value)) return '*';
  return (/^[A-Za-z_-]*/.exec(value)?.[0] ?? '').toLowerCase();
}
