import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { buttonStyles } from '~/components/ui/styles';
import { displayName } from '~/domain/accounts.server';
import { requireUser } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Dashboard | AI Visibility' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { name: displayName(user) };
}

export default function DashboardPage() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            AI Visibility Dashboard
          </h1>
          <p className="mt-1 text-slate-700" data-testid="welcome">
            Welcome back, {name}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/" className={buttonStyles.secondary}>
            Home
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
