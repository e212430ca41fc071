import { redirect } from 'react-router';

/**
 * A page past the last one (a stale link after rows were deleted, a hand-typed `?page=999`) is
 * sent to the last page, the rest of the address kept, instead of showing "No users found" under
 * "Page 41 of 41". Every paged list a person opens in a browser calls this once with the page it
 * loaded; the JSON API keeps answering an empty page (a client pages until it gets nothing).
 * Throws the redirect; returns nothing when the page is in range.
 */
export function redirectPastLastPage(
  request: Request,
  list: { page: number; pageCount: number } | null | undefined,
  param = 'page',
): void {
  if (!list || list.page <= list.pageCount) return;
  const url = new URL(request.url);
  if (list.pageCount <= 1) url.searchParams.delete(param);
  else url.searchParams.set(param, String(list.pageCount));
  throw redirect(`${url.pathname}${url.search}${url.hash}`);
}
