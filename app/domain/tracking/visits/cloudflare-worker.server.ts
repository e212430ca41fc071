import { AGENT_PATTERN_SOURCE } from '../../agents/match.server';
import { ASSISTANT_HOSTS, UTM_SOURCES } from './referrals';

// The Cloudflare Worker the crawler visits page writes out for an owner on Cloudflare's free plan
// (issue 48), with their drain's address in it. On every request it lets the site answer first,
// then, only for a request whose User-Agent names an AI agent (the one agent list,
// agents/match.server.ts) or whose Referer is an AI assistant (referrals.ts), forwards one JSON
// line with the fields of Cloudflare's HTTP request logs to the drain, in ctx.waitUntil, after the
// response has gone. It never slows or fails the site: forwarding is wrapped in try/catch, a send
// that throws is dropped, one that hangs is given up after SEND_TIMEOUT_MS, and
// passThroughOnException sends the visitor to the site should the Worker itself fail. Forwarding
// only agents and assistants keeps the Worker's calls to ours small (Workers' free plan counts
// every request the Worker runs on; ours are a small share of them).
//
// The script is plain JavaScript written out as text (it runs on Cloudflare, not here); its tests
// (cloudflare-worker.test.ts) run this very text against requests of Cloudflare's shape.

export const SEND_TIMEOUT_MS = 5_000;

const EXPORT_LINE = 'export default worker;';

/** The script's text without its export line: `worker` is its handler object. */
export function cloudflareWorkerBody(ingestUrl: string, sendTimeoutMs = SEND_TIMEOUT_MS): string {
  const hosts = [...new Set(ASSISTANT_HOSTS.map(([host]) => host))];
  const sources = [...UTM_SOURCES.keys()];
  return `// AI Visibility: forwards the visits of AI crawlers and of people sent by AI assistants to your
// crawler visits page, after your site has answered. Every other request is left alone, and a
// failure here never reaches your visitors. Generated for one log drain address: keep it private.
const INGEST_URL = ${JSON.stringify(ingestUrl)};
const AI_AGENT = new RegExp(${JSON.stringify(AGENT_PATTERN_SOURCE)}, 'i');
const ASSISTANT_HOSTS = ${JSON.stringify(hosts)};
const ASSISTANT_UTM_SOURCES = ${JSON.stringify(sources)};
const SEND_TIMEOUT_MS = ${Number(sendTimeoutMs)};

function fromAssistant(referer, url) {
  if (referer) {
    let host = '';
    try {
      host = new URL(referer).hostname.toLowerCase();
    } catch (error) {
      host = '';
    }
    for (const domain of ASSISTANT_HOSTS) {
      if (host === domain || host.endsWith('.' + domain)) return true;
    }
  }
  const source = url.searchParams.get('utm_source');
  return source !== null && ASSISTANT_UTM_SOURCES.includes(source.trim().toLowerCase());
}

function worthForwarding(request, url) {
  return AI_AGENT.test(request.headers.get('user-agent') || '') ||
    fromAssistant(request.headers.get('referer'), url);
}

function recordOf(request, url, status, startedAt) {
  return {
    EdgeStartTimestamp: startedAt,
    ClientIP: request.headers.get('cf-connecting-ip'),
    ClientRequestMethod: request.method,
    ClientRequestHost: url.hostname,
    ClientRequestURI: url.pathname + url.search,
    ClientRequestUserAgent: request.headers.get('user-agent'),
    ClientRequestReferer: request.headers.get('referer'),
    EdgeResponseStatus: status,
    ClientCountry: (request.cf && request.cf.country) || null,
  };
}

async function send(record) {
  let timer;
  const controller = new AbortController();
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve();
    }, SEND_TIMEOUT_MS);
  });
  try {
    const sending = fetch(INGEST_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: JSON.stringify(record) + '\\n',
      signal: controller.signal,
    }).catch(() => undefined);
    await Promise.race([sending, timeout]);
  } catch (error) {
    // A visit not counted is better than a site slowed or broken.
  } finally {
    clearTimeout(timer);
  }
}

const worker = {
  async fetch(request, env, ctx) {
    try {
      ctx.passThroughOnException();
    } catch (error) {
      // Not on Cloudflare's runtime: nothing to pass through to.
    }
    const startedAt = Date.now();
    const response = await fetch(request);
    try {
      const url = new URL(request.url);
      if (worthForwarding(request, url)) {
        ctx.waitUntil(send(recordOf(request, url, response.status, startedAt)));
      }
    } catch (error) {
      // Fail open: the site's answer goes out whatever happened here.
    }
    return response;
  },
};
`;
}

/** The Worker script to paste into Cloudflare (an ES module Worker). */
export function cloudflareWorkerScript(ingestUrl: string): string {
  return `${cloudflareWorkerBody(ingestUrl)}\n${EXPORT_LINE}\n`;
}
