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

function Snippet({ label, children }: { label: string; children: string }) {
  return (
    <figure className="mt-3">
      <figcaption className="text-sm font-medium text-slate-800">{label}</figcaption>
      <pre className="mt-1 overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100">
        <code>{children}</code>
      </pre>
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
  ['list_tracked_prompts', 'the questions tracked for a business'],
  ['add_tracked_prompt, remove_tracked_prompt', "change the questions, within your plan's limit"],
  ['run_audit', "audit the website now, within your plan's audits a day"],
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

      <Part id="key" title="1. Make an API key">
        <p>
          Under{' '}
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
          Each key may make {perMinute} requests a minute.
        </p>
        <p>
          In every example below, put your key where it says <code>{KEY}</code>. The server&rsquo;s
          address is <code className="break-all">{url}</code>.
        </p>
      </Part>

      <Part id="claude" title="Claude Desktop and Claude Code">
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

      <Part id="chatgpt" title="ChatGPT and the OpenAI API">
        <p>
          ChatGPT&rsquo;s own apps (Settings → Apps → Advanced settings → Developer mode, then
          Create app) sign in to a server with OAuth, which this server does not offer yet: an API
          key cannot be entered there. Until it does, use the key from the OpenAI API, whose
          Responses API calls MCP servers for the model:
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
                require_approval: 'never',
              },
            ],
            input: 'How often was my business named by AI assistants in the last 30 days?',
          })}
        </Snippet>
        <p>
          Claude&rsquo;s Messages API does the same with its MCP connector:{' '}
          <code>{`"mcp_servers": [{ "type": "url", "url": "${url}", "name": "ai-visibility", "authorization_token": "${KEY}" }]`}</code>
          .
        </p>
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
          clients still use. Send every request with <code>Authorization: Bearer {KEY}</code>; a
          missing, wrong or revoked key is answered <code>401</code>.
        </p>
      </Part>
    </div>
  );
}
