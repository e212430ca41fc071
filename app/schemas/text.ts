// Text that people type never holds control characters (NUL, escape, …) and is always valid
// Unicode. Refusing the rest keeps stored text printable and keeps out what other readers refuse:
// NUL bytes, and lone surrogates (half of a UTF-16 pair, e.g. "\ud800"), which have no UTF-8 form
// (SQLite would store their WTF-8 bytes ED A0 80; PostgreSQL rejects them). Every text field's
// schema checks this through `printable`.

const TAB = 9;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/**
 * Control characters other than, for multi-line text, tabs and line breaks, or a lone surrogate
 * (text that is not valid UTF-16, so has no UTF-8 form).
 */
export function hasForbiddenCharacters(
  value: string,
  options: { multiLine?: boolean } = {},
): boolean {
  if (LONE_SURROGATE.test(value)) return true;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const lineBreakOrTab = code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN;
    if (code === 127 || (code < 32 && !(options.multiLine && lineBreakOrTab))) return true;
  }
  return false;
}

export function controlCharactersMessage(label: string) {
  return `${label} contains characters that are not allowed`;
}

/** The over-limit message names the limit, so the user knows how much to cut. */
export function tooLong(label: string, max: number) {
  return `${label} must be at most ${max} characters`;
}

/** A zod refinement: `.refine(...printable('Name'))`. */
export function printable(label: string, options: { multiLine?: boolean } = {}) {
  return [
    (value: string) => !hasForbiddenCharacters(value, options),
    { message: controlCharactersMessage(label) },
  ] as const;
}
