import { isRouteErrorResponse, type HandleErrorFunction } from 'react-router';

// What a request's error writes to the server log (issue 41): React Router's default logs every
// thrown Response in full, so a malformed form post from anyone (a 400 "The form could not be
// read") wrote a six-line block, and a fuzzer could fill the log with them. A client's error
// (4xx) is one line; an aborted request nothing; anything else (ours) in full, with its stack.

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const { pathname } = new URL(request.url);
    const said = typeof error.data === 'string' ? error.data : error.statusText;
    console.warn(
      `[http] ${error.status} ${request.method} ${pathname}${said ? `: ${said.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
    );
    return;
  }
  // A thrown 5xx Response carries the error that caused it, if any (as React Router's default).
  const cause = isRouteErrorResponse(error)
    ? ((error as { error?: unknown }).error ?? error)
    : error;
  console.error(cause);
};
