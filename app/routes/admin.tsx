import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { buttonStyles } from '~/components/ui/styles';
import { requireAdmin } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Admin Panel | AI Visibility' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Panel</h1>
        <div className="flex items-center gap-2">
          <Link to="/dashboard" className={buttonStyles.secondary}>
            Dashboard
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonStyles.secondary}>
              Logout
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
