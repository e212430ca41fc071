// `npm run db:seed`: makes sure the admin of ADMIN_EMAIL / ADMIN_PASSWORD exists. Running it again
// changes nothing (an existing account keeps its password and data; only its role is kept admin).
import { registerUser, verifyLogin } from '~/domain/accounts.server';
import { db } from '~/lib/db.server';
import { RegisterSchema } from '~/schemas/auth';

const DEFAULT_EMAIL = 'admin@example.com';
const DEFAULT_PASSWORD = 'admin-demo-password';

export async function seed() {
  const credentials = RegisterSchema.parse({
    email: process.env.ADMIN_EMAIL || DEFAULT_EMAIL,
    password: process.env.ADMIN_PASSWORD || DEFAULT_PASSWORD,
    firstName: 'Admin',
  });
  const existing = await db.user.findUnique({ where: { email: credentials.email } });
  if (existing) {
    if (existing.role !== 'admin') {
      await db.user.update({ where: { id: existing.id }, data: { role: 'admin' } });
    }
    // Print the password only while it still works (it may have been changed since).
    const stillValid = await verifyLogin(credentials).then(
      () => true,
      () => false,
    );
    return {
      email: credentials.email,
      password: stillValid ? credentials.password : null,
      created: false,
    };
  }
  await registerUser(credentials, { role: 'admin' });
  return { email: credentials.email, password: credentials.password, created: true };
}

const result = await seed();
console.log(
  result.password
    ? `Demo admin ${result.created ? 'created' : 'ready'}: log in as ${result.email} with password ${result.password}`
    : `Admin ${result.email} already exists; its password was changed and is not shown.`,
);
await db.$disconnect();
