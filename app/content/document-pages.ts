// The paths of the document pages: public pages rendered without framework JavaScript (issue 35,
// ~/components/document). A scripted page that is sent to one of them with a flash message must
// load it as a document (~/http/toast.server): a client navigation would have the root loader take
// the message in a data request, and the document loaded after it would not show it.
export const DOCUMENT_PAGES: readonly string[] = [
  '/',
  '/why-ai-visibility',
  '/how-it-works',
  '/pricing',
  '/contact',
  '/legal',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/help/mcp',
];

export function isDocumentPage(url: string): boolean {
  return DOCUMENT_PAGES.includes(new URL(url, 'http://localhost').pathname);
}
