// What a paginated list says about itself, in words a person would use: "Showing 1 audit",
// "Showing 7 audits", "Showing 1–20 of 45 businesses", "Showing 41 of 41 sessions" (a last page of
// one), "No audits"; without a page size, "12 users" or "Page 2 of 3 · 120 users".

/** A noun's two forms: ['audit', 'audits']. */
export type Noun = readonly [one: string, other: string];

const number = (n: number) => n.toLocaleString('en-US');

/** "1 audit", "1,000 audits". */
export function countOf(count: number, [one, other]: Noun): string {
  return `${number(count)} ${count === 1 ? one : other}`;
}

export function paginationSummary({
  page,
  pageCount,
  total,
  noun,
  perPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: Noun;
  perPage?: number;
}): string {
  const current = Math.max(1, Math.min(page, pageCount));
  if (total === 0) return `No ${noun[1]}`;
  if (perPage === undefined) {
    return pageCount > 1
      ? `Page ${number(current)} of ${number(pageCount)} · ${countOf(total, noun)}`
      : countOf(total, noun);
  }
  const first = (current - 1) * perPage + 1;
  const last = Math.min(current * perPage, total);
  if (first === 1 && last === total) return `Showing ${countOf(total, noun)}`;
  const range = first === last ? number(first) : `${number(first)}–${number(last)}`;
  return `Showing ${range} of ${countOf(total, noun)}`;
}
