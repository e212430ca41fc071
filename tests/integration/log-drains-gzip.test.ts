import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import * as ingest from '~/routes/api.ingest.$token';
import { args, BASE, run } from './helpers';
import { counted, GPTBOT, makeDrain, ndjson, owner, submit, vercel } from './drain-helpers';

// A log drain's batch sent with Content-Encoding: gzip (issue 48): decoded, then read as any
// batch; the 1 MB limit is of the decoded batch (413 past it, nothing counted); a damaged gzip
// body is a 400 and an encoding we do not read a 415, both with { message }, counting nothing.

function post(token: string, body: Uint8Array, headers: Record<string, string> = {}) {
  const request = new Request(`${BASE}/api/ingest/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip', ...headers },
    body: new Uint8Array(body),
  });
  return run(() => ingest.action(args(request, { token }) as never));
}

describe('a gzip log drain batch', () => {
  it('is decoded and counted as the same batch uncompressed, once', async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const body = ndjson([
      vercel('1', '20.171.207.10', '/', 200, GPTBOT),
      vercel('2', '20.171.207.11', '/menu', 200, GPTBOT),
    ]);
    const sent = await post(token, gzipSync(body));
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ lines: 2, counted: 2, skipped: 0, duplicates: 0, notRead: 0 });
    // The same lines again, uncompressed: already counted.
    const again = await post(token, new TextEncoder().encode(body), { 'Content-Encoding': '' });
    expect(again.data).toEqual({ lines: 2, counted: 0, skipped: 0, duplicates: 2, notRead: 0 });
  });

  it('is refused past 1 MB once decoded (413), however small it is sent, counting nothing', async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const entry = JSON.stringify(vercel('1', '20.171.207.10', `/${'a'.repeat(900)}`, 200, GPTBOT));
    const body = Array.from({ length: 1200 }, () => entry).join('\n');
    const zipped = gzipSync(body);
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    expect(zipped.byteLength).toBeLessThan(64 * 1024);
    const res = await post(token, zipped);
    expect(res.status).toBe(413);
    expect(res.data).toEqual({ message: expect.stringContaining('at most 1 MB') });
    expect(await counted(business.id)).toBe(0);
    // Just under the limit once decoded: read.
    const fits = Array.from({ length: 700 }, (_, i) =>
      JSON.stringify(vercel(String(i), '20.171.207.10', `/${i}-${'a'.repeat(900)}`, 200, GPTBOT)),
    ).join('\n');
    expect(Buffer.byteLength(fits)).toBeLessThan(1024 * 1024);
    const ok = await post(token, gzipSync(fits));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ lines: 700, counted: 700 });
  });

  it('refuses a damaged gzip body (400) and another encoding (415), counting nothing', async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const zipped = gzipSync(ndjson([vercel('1', '20.171.207.10', '/', 200, GPTBOT)]));
    const damaged = await post(token, zipped.subarray(0, zipped.byteLength - 12));
    expect(damaged.status).toBe(400);
    expect(damaged.data).toEqual({ message: expect.stringContaining('cannot be decompressed') });
    const notZip = await post(token, new TextEncoder().encode('{"not": "gzip"}'));
    expect(notZip.status).toBe(400);
    const brotli = await post(token, zipped, { 'Content-Encoding': 'br' });
    expect(brotli.status).toBe(415);
    expect(brotli.data).toEqual({ message: expect.stringContaining('Content-Encoding: gzip') });
    expect(await counted(business.id)).toBe(0);
  });

  it('is checked against its signature as sent (compressed)', async () => {
    const { business, cookie } = await owner();
    const { token, prefix } = await makeDrain(business.id, cookie);
    const row = await db.logDrainToken.findFirstOrThrow({
      where: { businessId: business.id, prefix: prefix.slice(3) },
    });
    await submit(business.id, cookie, {
      intent: 'drain-secret',
      tokenId: row.id,
      signingSecret: 'vercel-drain-secret',
    });
    const zipped = gzipSync(ndjson([vercel('1', '20.171.207.10', '/', 200, GPTBOT)]));
    const sign = (bytes: Uint8Array) =>
      createHmac('sha1', 'vercel-drain-secret').update(bytes).digest('hex');
    const signed = await post(token, zipped, { 'x-vercel-signature': sign(zipped) });
    expect(signed.status).toBe(200);
    expect(signed.data).toMatchObject({ lines: 1, counted: 1 });
  });
});
