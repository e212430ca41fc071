import type { MetaFunction } from 'react-router';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// Every path no other route claims: 'Page Not Found' with HTTP status 404 (rendered by the root
// error boundary, inside the normal header and layout).
export function loader() {
  throw new Response('Not Found', { status: 404 });
}

// A form posted to an unknown path is just as unknown.
export const action = loader;

export const meta: MetaFunction = () => [{ title: 'Page Not Found | AI Visibility' }];

export default function NotFound() {
  return null;
}
