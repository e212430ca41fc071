import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { logout } from '~/lib/auth.server';

// POST only: a link or prefetch can never sign anyone out.
export async function action({ request }: ActionFunctionArgs) {
  return logout(request);
}

export function loader() {
  return redirect('/');
}
