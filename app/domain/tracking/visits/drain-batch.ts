import { gunzipSync } from 'node:zlib';
import type { LogRecord } from './log-lines';
import { readLogObject } from './log-lines';

// What a log drain sends, read whole before anything is counted: a JSON array of log objects
// (Vercel's "json" delivery, Netlify's JSON) or NDJSON, one object a line (Vercel's and Netlify's
// "ndjson", and our Cloudflare Worker). Entries that are log objects but not a request (a build or
// function log line) are read and not understood; a body that is not JSON of that shape is refused
// whole, so nothing of it is counted. Pure.

export type DrainEntry = {
  /** The entry as one line: what duplicates are recognised by (a drain resends a failed batch). */
  line: string;
  record: LogRecord | null;
};

export type DrainBatch = { ok: true; entries: DrainEntry[] } | { ok: false; message: string };

export const NOT_JSON_MESSAGE =
  'The body is not a log drain batch: send a JSON array of log objects, or NDJSON (one JSON object a line). Nothing was counted.';

export const GZIP_DAMAGED_MESSAGE =
  'The body says it is gzip (Content-Encoding: gzip), but it cannot be decompressed: send it again, or send it uncompressed. Nothing was counted.';
export const ENCODING_MESSAGE =
  'Send the batch uncompressed or with Content-Encoding: gzip. Nothing was counted.';

/**
 * A batch's bytes as sent, decoded by its Content-Encoding: none (or "identity") as they are,
 * gzip decompressed to at most `limit` bytes ('too large' past it, without decompressing the
 * rest); a damaged gzip body is a 400 and any other encoding a 415.
 */
export function decodeDrainBody(
  sent: Uint8Array,
  encoding: string | null,
  limit: number,
): Uint8Array | 'too large' | { status: 400 | 415; message: string } {
  const name = (encoding ?? '').trim().toLowerCase();
  if (!name || name === 'identity') return sent;
  if (name !== 'gzip' && name !== 'x-gzip') return { status: 415, message: ENCODING_MESSAGE };
  try {
    return new Uint8Array(gunzipSync(sent, { maxOutputLength: limit }));
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too large';
    return { status: 400, message: GZIP_DAMAGED_MESSAGE };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function entryOf(value: unknown): DrainEntry | null {
  if (!isObject(value)) return null;
  return { line: JSON.stringify(value), record: readLogObject(value) };
}

function parse(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** Reads a drain's body; an empty body is an empty batch (a drain's connection test). */
export function readDrainBatch(body: string): DrainBatch {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) return { ok: true, entries: [] };
  const entries: DrainEntry[] = [];
  if (text.startsWith('[')) {
    const parsed = parse(text);
    if (!parsed || !Array.isArray(parsed.value)) return { ok: false, message: NOT_JSON_MESSAGE };
    for (const [index, value] of parsed.value.entries()) {
      const entry = entryOf(value);
      if (!entry)
        return {
          ok: false,
          message: `Entry ${index + 1} of the array is not a log object. Nothing was counted.`,
        };
      entries.push(entry);
    }
    return { ok: true, entries };
  }
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parsed = parse(line);
    const entry = parsed ? entryOf(parsed.value) : null;
    if (!entry)
      return {
        ok: false,
        message:
          index === 0 && lines.length === 1
            ? NOT_JSON_MESSAGE
            : `Line ${index + 1} is not a JSON log object. Nothing was counted.`,
      };
    entries.push(entry);
  }
  return { ok: true, entries };
}
