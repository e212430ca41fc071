import { describe, expect, it } from 'vitest';
import { NOT_A_LOG_MESSAGE, runImport } from '~/domain/tracking/visits/import.server';
import { db } from '~/lib/db.server';
import * as page from '~/routes/dashboard_.businesses.$id.crawlers/route';
import * as upload from '~/routes/dashboard_.businesses.$id.crawlers_.upload';
import {
  BROWSER,
  CHATGPT_USER,
  GPTBOT,
  today,
  todayLine as line,
} from '~/domain/tracking/visits/test-lines';
import { args, BASE, run, toastOf } from './helpers';
import { owner } from './drain-helpers';

// The crawler visits page (issue 48): the upload form is a plain multipart POST (what a browser
// sends with JavaScript off), answered with a redirect and a message; the page reads the counts
// into words, visits by day, the chain and the imports. Another owner's business is a 404.

const LOG = [
  line('20.171.207.10', 1, '/', 200, GPTBOT),
  line('20.171.207.11', 2, '/menu', 200, GPTBOT),
  line('23.98.142.180', 3, '/contact', 403, CHATGPT_USER),
  line('23.98.142.181', 4, '/contact', 403, CHATGPT_USER),
  line('23.98.142.182', 5, '/', 200, CHATGPT_USER),
  line('192.0.2.2', 9, '/book', 200, BROWSER, 'https://chatgpt.com/'),
].join('\n');

const pathOf = (id: string) => `/dashboard/businesses/${id}/crawlers`;

function send(id: string, cookie: string, file: { name: string; text: string } | null) {
  const form = new FormData();
  form.set('log', file ? new File([file.text], file.name) : new File([], ''));
  const request = new Request(`${BASE}${pathOf(id)}/upload`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: form,
  });
  return run(() => upload.action(args(request, { id }) as never));
}

const load = (id: string, cookie: string, search = '') =>
  run(() =>
    page.loader(
      args(new Request(`${BASE}${pathOf(id)}${search}`, { headers: { Cookie: cookie } }), { id }),
    ),
  );

type Page = {
  conclusions: { tone: string; text: string; fix?: string }[];
  chain: { crawled: number; verified: number; referred: number; cited: { samples: number } };
  visits: {
    agents: { agent: string; byDay: { day: string; visits: number }[] }[];
    imports: { status: string; lines: number; counted: number; skipped: number }[];
  };
  working: boolean;
};

describe('the crawler visits page', () => {
  it('takes a log from the plain upload form, then says what the crawlers got, by day', async () => {
    const { business, cookie } = await owner();
    const sent = await send(business.id, cookie, { name: 'access.log', text: LOG });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe(pathOf(business.id));
    expect(await toastOf(sent.headers)).toMatchObject({ title: 'Log received' });

    const queued = await load(business.id, cookie);
    expect((queued.data as Page).working).toBe(true);
    const row = await db.crawlerLogImport.findFirstOrThrow({ where: { businessId: business.id } });
    await runImport({ importId: row.id });

    const loaded = await load(business.id, cookie, '?days=7');
    expect(loaded.status).toBe(200);
    const data = loaded.data as Page;
    expect(data.working).toBe(false);
    expect(data.conclusions[0]).toEqual({
      tone: 'problem',
      text: 'ChatGPT-User was refused (4xx) on 2 of 3 visits this week: your firewall or server blocks it.',
      fix: 'audit',
    });
    expect(data.conclusions.map((c) => c.text)).toContain(
      '1 visit came from the AI assistants this week: ChatGPT 1.',
    );
    expect(data.visits.agents.map((a) => [a.agent, a.byDay])).toEqual([
      ['ChatGPT-User', [{ day: today, visits: 3 }]],
      ['GPTBot', [{ day: today, visits: 2 }]],
    ]);
    expect(data.chain).toMatchObject({ crawled: 5, verified: 5, referred: 1 });
    expect(data.visits.imports[0]).toMatchObject({
      status: 'done',
      lines: 6,
      counted: 6,
      skipped: 0,
    });
  });

  it('refuses a file that is not an access log whole, with the reason, and counts nothing', async () => {
    const { business, cookie } = await owner();
    const sent = await send(business.id, cookie, { name: 'notes.txt', text: 'dear diary\nhello' });
    expect(sent.status).toBe(302);
    expect(await toastOf(sent.headers)).toMatchObject({
      variant: 'destructive',
      description: NOT_A_LOG_MESSAGE,
    });
    expect(await db.crawlerLogImport.count({ where: { businessId: business.id } })).toBe(0);

    const none = await send(business.id, cookie, null);
    expect(await toastOf(none.headers)).toMatchObject({
      variant: 'destructive',
      description: 'This file is empty. Choose the access log to upload.',
    });
  });

  it("is a 404 on another owner's business, page and upload alike", async () => {
    const { business } = await owner();
    const stranger = await owner();
    expect((await load(business.id, stranger.cookie)).status).toBe(404);
    const sent = await send(business.id, stranger.cookie, { name: 'access.log', text: LOG });
    expect(sent.status).toBe(404);
    expect(await db.crawlerLogImport.count({ where: { businessId: business.id } })).toBe(0);
  });
});
