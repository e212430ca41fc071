import { jsonMessage } from '~/http/http.server';

// Every /api/* path no API route claims, with any method: 404 `{ message }`, as a JSON client
// expects (the site's HTML 404 page is for browsers; see $.tsx). A known path with a method it
// does not answer is that route's own 405 with Allow.
export const NOT_FOUND_MESSAGE = 'Not found';

export function loader() {
  return jsonMessage(404, NOT_FOUND_MESSAGE);
}

export const action = loader;
