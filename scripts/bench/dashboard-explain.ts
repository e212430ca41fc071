// A process of `npm run bench:dashboard` with BENCH_EXPLAIN=1, on the seeded DATABASE_URL: every
// query the dashboard's loader runs for each owner (BENCH_OWNERS: [{ size, cookie }]), with its time
// and the database's plan for it: EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on
// PostgreSQL. Prisma's query events give the statements and their parameters; the client that
// logs them is put where lib/db.server.ts looks for one before the app is imported.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '~/generated/prisma/client';
import { PrismaClient as PgPrismaClient } from '~/generated/prisma-pg/client';

type Query = { query: string; params: string; duration: number };
const url = process.env.DATABASE_URL!;
const postgres = url.startsWith('postgres');
const log = [{ emit: 'event', level: 'query' }] as const;
const client = postgres
  ? (new PgPrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 4 }),
      log: [...log],
    }) as unknown as PrismaClient<'query'>)
  : new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: url.replace(/^file:/, '') }),
      log: [...log],
    });
let queries: Query[] = [];
client.$on('query', (event) => {
  queries.push({ query: event.query, params: event.params, duration: event.duration });
});
(globalThis as { __db?: unknown }).__db = client;

const { loadDashboard } = await import('~/routes/dashboard/dashboard.server');
const owners = JSON.parse(process.env.BENCH_OWNERS ?? '[]') as { size: number; cookie: string }[];
const page = process.env.BENCH_PATH ?? '/dashboard';

for (const owner of owners) {
  const request = () =>
    new Request(`http://localhost${page}`, { headers: { Cookie: owner.cookie } });
  await loadDashboard(request()); // warm
  queries = [];
  await loadDashboard(request());
  const ran = queries;
  queries = [];
  console.log(`\n=== ${owner.size.toLocaleString('en')} businesses: ${ran.length} queries`);
  for (const { query, params, duration } of ran) {
    console.log(`\n-- ${duration} ms: ${query}\n   params ${params}`);
    const values = JSON.parse(params) as unknown[];
    const plan = postgres
      ? await client.$queryRawUnsafe<Record<string, string>[]>(
          `EXPLAIN (ANALYZE, BUFFERS) ${query}`,
          ...values,
        )
      : await client.$queryRawUnsafe<{ detail: string }[]>(
          `EXPLAIN QUERY PLAN ${query}`,
          ...values,
        );
    for (const row of plan) console.log(`   ${postgres ? Object.values(row)[0] : row.detail}`);
  }
}
await client.$disconnect();
process.exit(0);
