// Part of `npm run bench:db`: creates COUNT users (bench-<n>@example.com, one password) in the
// database of DATABASE_URL, through the app's own registration code.
import { registerUser } from '~/domain/accounts.server';
import { db } from '~/lib/db.server';

const count = Number(process.argv[2] ?? 50);
const password = process.argv[3] ?? 'bench-password';
for (let i = 0; i < count; i += 1) {
  await registerUser({ email: `bench-${i}@example.com`, password, firstName: `Bench${i}` });
}
// The top plan by default: the most businesses per account (BUSINESSES_PER_ACCOUNT), as
// bench:db's workload adds many; BENCH_TIER=free for bench:contention, which works at the Free caps.
const tier = process.env.BENCH_TIER ?? 'authority';
if (tier !== 'free')
  await db.user.updateMany({
    where: { email: { startsWith: 'bench-' } },
    data: { subscriptionStatus: tier },
  });
await db.$disconnect();
