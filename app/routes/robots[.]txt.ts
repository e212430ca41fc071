import type { LoaderFunctionArgs } from 'react-router';
import { getOrigin } from '~/http/origin.server';

// Crawlers may read the public pages; the signed-in areas and the JSON API are off limits.
export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /reset-password',
    'Disallow: /api/',
    'Disallow: /mcp',
    '',
    `Sitemap: ${getOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
