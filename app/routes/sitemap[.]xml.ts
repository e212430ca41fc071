import type { LoaderFunctionArgs } from 'react-router';
import { SITEMAP_PAGES } from '~/content/pages';
import { getOrigin } from '~/http/origin.server';

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

// The public pages with absolute URLs on the origin the request came in on.
export function loader({ request }: LoaderFunctionArgs) {
  const origin = getOrigin(request);
  const urls = SITEMAP_PAGES.map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(new URL(page.path, origin).toString())}</loc>\n  </url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
