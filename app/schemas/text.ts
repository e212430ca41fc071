// Text that people type never holds control characters (NUL, escape, …). Refusing them keeps
// stored text printable and keeps NUL bytes, which PostgreSQL rejects, out of the database.

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/** Control characters other than, for multi-line text, tabs and line breaks. */
export function hasControlCharacters(
  value: string,
  options: { multiLine?: boolean } = {},
): boolean {
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
    (value: string) => !hasControlCharacters(value, options),
    { message: controlCharactersMessage(label) },
  ] as const;
}
