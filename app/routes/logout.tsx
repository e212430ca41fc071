import { redirect, type ActionFunctionArgs } from 'react-router';
import { logout } from '~/http/auth.server';
import { isCrossSite } from '~/http/http.server';

// POST only, and only from our own pages: a link, a prefetch or another site's form can never
// sign anyone out.
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSite(request)) return new Response('Forbidden', { status: 403 });
  return logout(request);
}

export function loader() {
  return redirect('/');
}
