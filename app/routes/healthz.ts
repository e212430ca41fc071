import { db } from '~/lib/db.server';

// GET /healthz: for the load balancer. Answers 200 when the database answers, 503 when it does
// not; reads no session, sets no cookie, is never cached.
export async function loader() {
  const headers = { 'Cache-Control': 'no-store' };
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: 'ok' }, { headers });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers });
  }
}
