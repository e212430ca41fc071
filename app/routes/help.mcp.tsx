import { ScrollRegion } from '~/components/ui/scroll-region';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { ReactNode } from 'react';
import { container } from '~/components/marketing';
import { pageMeta, PUBLIC_PAGES } from '~/content/pages';
import { TIER_LABELS, TIERS, API_KEYS_PER_ACCOUNT } from '~/domain/tiers';
import { publicPageHeaders } from '~/http/cache-policy';
import { getOrigin } from '~/http/origin.server';
import { env } from '~/lib/env.server';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// /help/mcp: how an owner connects an AI assistant to their data through the MCP server at /mcp,
// with the exact settings of the common clients. The same for every visitor (a shared cache may
// keep it); server-rendered, no script needed to read or copy a snippet.

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(PUBLIC_PAGES.mcpHelp, data?.origin);

export function loader({ request }: LoaderFunctionArgs) {
  return { origin: getOrigin(request), perMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE };
}

const KEY = 'aiv_YOUR_KEY';

/**
 * A plain curl call of one tool. Streamable HTTP answers 406 unless the request accepts both JSON
 * and an event stream, so the Accept header is part of every example (issue 44).
 */
function curlCall(url: string, method: string, params: Record<string, unknown>) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  return [
    `curl ${url} \\`,
    `  -H "Authorization: Bearer ${KEY}" \\`,
    '  -H "Content-Type: application/json" \\',
    '  -H "Accept: application/json, text/event-stream" \\',
    `  -d '${body}'`,
  ].join('\n');
}

function Snippet({ label, children }: { label: string; children: string }) {
  return (
    <figure className="mt-3">
      <figcaption className="text-sm font-medium text-slate-800">{label}</figcaption>
      <ScrollRegion label={label} className="mt-1 rounded-md bg-slate-900">
        <pre className="p-4 text-sm text-slate-100">
          <code>{children}</code>
        </pre>
      </ScrollRegion>
    </figure>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-8">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const TOOLS: [string, string][] = [
  ['list_businesses', 'your businesses and their ids'],
  [
    'get_visibility',
    'how often each assistant named a business over the days you choose, with sample sizes and 95% intervals',
  ],
  [
    'list_answers',
    'the answers themselves: who they named, the pages they cited or only found, the searches they ran and where they were asked from',
  ],
  ['get_latest_audit', 'the latest audit of the website: what fails and how to fix it'],
  ['get_competitors', 'the other businesses named and their share of voice'],
  [
    'get_source_gaps',
    'the sites the answers rely on, whether you are listed on each, and what to do first',
  ],
  [
    'get_fact_check',
    'what the answers said about your phone, address, opening hours, website and whether you are open: each version, right or wrong against yours',
  ],
  [
    'get_crawler_visits',
    'which AI crawlers visited the website (from its logs), whether they were real, what they got, and who came from the assistants',
  ],
  ['list_tracked_prompts', 'the questions tracked for a business'],
  ['add_tracked_prompt, remove_tracked_prompt', "change the questions, within your plan's limit"],
  ['run_audit', "audit the website now, within your plan's audits a day"],
];

/** The tools that only read (the OpenAI example runs them without asking). */
const READ_ONLY_TOOLS = [
  'list_businesses',
  'get_visibility',
  'list_answers',
  'get_latest_audit',
  'get_competitors',
  'get_source_gaps',
  'get_crawler_visits',
  'list_tracked_prompts',
];

export default function McpHelp() {
  const { origin, perMinute } = useLoaderData<typeof loader>();
  const url = `${origin}/mcp`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return (
    <div className={`${container} max-w-3xl space-y-8 py-12`}>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Use your data in Claude, ChatGPT or Cursor
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Your AI assistant can read your visibility figures, the answers the AI engines gave, your
          audits and competitors, and manage your tracked questions, through our MCP server (the
          Model Context Protocol that Claude, ChatGPT, Cursor and VS Code speak). Ask it things like
          “How often did ChatGPT recommend Harbor Dental last month, and which sites did it cite
          instead of ours?”.
        </p>
      </header>

      <Part id="chatgpt" title="Connect from ChatGPT">
        <p>No key needed: ChatGPT signs in to your account here, and you choose what it may do.</p>
        <ol className="list-decimal space-y-1 pl-6">
          <li>
            In ChatGPT, open Settings → Apps &amp; Connectors → Advanced settings and turn on{' '}
            <strong>Developer mode</strong> (on Business, Enterprise and Education plans a workspace
            admin turns it on first).
          </li>
          <li>
            Back in Apps &amp; Connectors, choose <strong>Create</strong>. Name it “AI Visibility”,
            paste <code className="break-all">{url}</code> as the MCP server URL, choose{' '}
            <strong>OAuth</strong> as the authentication, and create it.
          </li>
          <li>
            ChatGPT opens our page: sign in if asked, read what it asks for, and press{' '}
            <strong>Allow</strong>. ChatGPT then lists our tools.
          </li>
          <li>
            In a chat, press <strong>+</strong> → Developer mode and turn AI Visibility on. Ask, for
            example, “How am I doing in AI answers this week?”.
          </li>
        </ol>
      </Part>

      <Part id="claude" title="Connect from Claude">
        <ol className="list-decimal space-y-1 pl-6">
          <li>
            On claude.ai or in Claude Desktop, open Settings → Connectors and choose{' '}
            <strong>Add custom connector</strong> (on Team and Enterprise plans an owner adds it for
            the organisation first).
          </li>
          <li>
            Name it “AI Visibility”, paste <code className="break-all">{url}</code> as the remote
            MCP server URL, and press <strong>Add</strong>. Leave the advanced OAuth settings empty:
            Claude registers itself.
          </li>
          <li>
            Press <strong>Connect</strong>: our page opens; sign in if asked and press{' '}
            <strong>Allow</strong>. The connector then works in Claude on the web, the desktop app
            and the phone.
          </li>
        </ol>
      </Part>

      <Part id="allow" title="What you allow, and how to stop it">
        <p>
          The page you allow on names the app and what it asks for: <strong>read</strong> (your
          businesses and their figures, answers, audits and tracked questions) and, if asked,{' '}
          <strong>write</strong> (add or remove tracked questions and run audits). An app never
          reaches your password, e-mail, plan, API keys or billing, and we e-mail you when a new app
          is connected.
        </p>
        <p>
          Every app you connected is listed under{' '}
          <Link to="/account/connected-apps" className="link">
            Account settings → Connected apps
          </Link>
          , with when it last reached your data; <strong>Disconnect</strong> stops it at once.
          Resetting your password disconnects every app.
        </p>
      </Part>

      <Part id="key" title="Developer tools: make an API key">
        <p>
          Claude Code, Cursor, VS Code, the OpenAI and Claude APIs, and your own scripts can also
          send a key. Under{' '}
          <Link to="/account#api-keys-title" className="link">
            Account settings → API keys
          </Link>
          , give the key a name (where you will use it) and create it. Copy it at once: it is shown
          only that one time. A key acts as you, but it cannot change your password, e-mail, plan or
          keys, or delete your account. Revoke it there whenever you like; it stops working at once.
        </p>
        <p>
          Keys per plan:{' '}
          {TIERS.map((tier) => `${TIER_LABELS[tier]} ${API_KEYS_PER_ACCOUNT[tier]}`).join(', ')}.
          Each key, and each connected app, may make {perMinute} requests a minute.
        </p>
        <p>
          In every example below, put your key where it says <code>{KEY}</code>. The server&rsquo;s
          address is <code className="break-all">{url}</code>.
        </p>
      </Part>

      <Part id="claude-code" title="Claude Code, and Claude Desktop with a key">
        <p>
          <strong>Claude Code</strong>, in a terminal:
        </p>
        <Snippet label="Terminal">
          {`claude mcp add --transport http ai-visibility ${url} \\\n  --header "Authorization: Bearer ${KEY}"`}
        </Snippet>
        <p>
          <strong>Claude Desktop</strong>: Settings → Developer → Edit Config opens{' '}
          <code>claude_desktop_config.json</code>. Add the server below (it needs Node.js, which
          runs the small <code>mcp-remote</code> bridge that adds your key to each request), save,
          and restart Claude Desktop.
        </p>
        <Snippet label="claude_desktop_config.json">
          {json({
            mcpServers: {
              'ai-visibility': {
                command: 'npx',
                args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${AIV_AUTH}'],
                env: { AIV_AUTH: `Bearer ${KEY}` },
              },
            },
          })}
        </Snippet>
      </Part>

      <Part id="cursor" title="Cursor">
        <p>
          Settings → MCP → Add new global MCP server opens <code>~/.cursor/mcp.json</code> (or put
          it in <code>.cursor/mcp.json</code> of one project):
        </p>
        <Snippet label="mcp.json">
          {json({
            mcpServers: {
              'ai-visibility': { url, headers: { Authorization: `Bearer ${KEY}` } },
            },
          })}
        </Snippet>
      </Part>

      <Part id="vscode" title="VS Code (GitHub Copilot agent mode)">
        <p>
          Add <code>.vscode/mcp.json</code> to your workspace; VS Code asks for the key once and
          keeps it in its secret storage:
        </p>
        <Snippet label=".vscode/mcp.json">
          {json({
            inputs: [
              {
                type: 'promptString',
                id: 'aiv-key',
                description: 'AI Visibility API key',
                password: true,
              },
            ],
            servers: {
              'ai-visibility': {
                type: 'http',
                url,
                headers: { Authorization: 'Bearer ${input:aiv-key}' },
              },
            },
          })}
        </Snippet>
      </Part>

      <Part id="apis" title="The OpenAI and Claude APIs">
        <p>
          OpenAI&rsquo;s Responses API calls MCP servers for the model. The reading tools run
          without asking; the ones that change something wait for your approval:
        </p>
        <Snippet label="POST https://api.openai.com/v1/responses (JSON body)">
          {json({
            model: 'gpt-5',
            tools: [
              {
                type: 'mcp',
                server_label: 'ai_visibility',
                server_url: url,
                headers: { Authorization: `Bearer ${KEY}` },
                require_approval: { never: { tool_names: READ_ONLY_TOOLS } },
              },
            ],
            input: 'How often was my business named by AI assistants in the last 30 days?',
          })}
        </Snippet>
        <p>
          Claude&rsquo;s Messages API does the same with its MCP connector: send the header{' '}
          <code>anthropic-beta: mcp-client-2025-11-20</code>, name the server in{' '}
          <code>mcp_servers</code> and turn its tools on with an <code>mcp_toolset</code>:
        </p>
        <Snippet label="POST https://api.anthropic.com/v1/messages (JSON body)">
          {json({
            model: 'claude-sonnet-4-5',
            max_tokens: 1024,
            mcp_servers: [{ type: 'url', url, name: 'ai-visibility', authorization_token: KEY }],
            tools: [{ type: 'mcp_toolset', mcp_server_name: 'ai-visibility' }],
            messages: [
              {
                role: 'user',
                content: 'How often was my business named by AI assistants in the last 30 days?',
              },
            ],
          })}
        </Snippet>
      </Part>

      <Part id="tools" title="What the assistant can do">
        <ul className="list-disc space-y-1 pl-6">
          {TOOLS.map(([name, what]) => (
            <li key={name}>
              <code>{name}</code>: {what}
            </li>
          ))}
        </ul>
        <p>
          The reading tools are marked read-only, so assistants that ask before acting only ask for
          the ones that change something. Everything stays within your plan: the same limits as on
          the site apply, and a key only ever reaches your own businesses.
        </p>
      </Part>

      <Part id="other" title="Any other client">
        <p>
          The server speaks Streamable HTTP without sessions and answers in JSON: the 2026-07-28
          protocol revision, and the 2025 handshake (<code>initialize</code>, then calls) that most
          clients still use. It is an OAuth 2.1 resource server: a request without a token is
          answered <code>401</code> with <code>WWW-Authenticate</code> naming{' '}
          <code className="break-all">{`${origin}/.well-known/oauth-protected-resource/mcp`}</code>,
          from where a client finds our authorization server, registers (dynamic registration or a
          client ID metadata document) and signs in with PKCE. Or send{' '}
          <code>Authorization: Bearer {KEY}</code>; a wrong or revoked key or token is answered{' '}
          <code>401</code>.
        </p>
        <p>
          To try it from a terminal with <code>curl</code>, send the key, the JSON type, and an{' '}
          <code>Accept</code> header that takes both JSON and an event stream: without{' '}
          <code>Accept: application/json, text/event-stream</code> the server answers{' '}
          <code>406</code>. The tools, then a call of one:
        </p>
        <Snippet label="Terminal: list the tools">{curlCall(url, 'tools/list', {})}</Snippet>
        <Snippet label="Terminal: call list_businesses">
          {curlCall(url, 'tools/call', { name: 'list_businesses', arguments: {} })}
        </Snippet>
      </Part>
    </div>
  );
}
