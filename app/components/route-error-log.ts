import { isRouteErrorResponse } from 'react-router';

// Whether the root error boundary writes an error to the log (issue 41): a client's error thrown
// as a Response (a malformed form post's 400, a 404, a 405) is the client's, and was a six-line
// block in the server log for every one, a fuzzer's included. Only what is ours (an Error, a
// 5xx) is logged; handleError (~/http/log-errors.server) already writes those on the server.
export function boundaryShouldLog(error: unknown): boolean {
  return !(isRouteErrorResponse(error) && error.status < 500);
}
