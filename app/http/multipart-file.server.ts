import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';

// One file from a multipart/form-data request, streamed (never held in memory): busboy reads the
// request body (left unread by the server for the streaming upload paths) and hands the file's
// stream to `handle`. Other parts are drained. Resolves to null when the form had no file chosen.

export class MultipartError extends Error {}

export async function withUploadedFile<T>(
  request: Request,
  field: string,
  handle: (file: Readable) => Promise<T>,
  maxBytes: number,
): Promise<T | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body)
    throw new MultipartError('Send the form as multipart/form-data with the file.');
  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  return new Promise<T | null>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte past the limit, so the handler's own limit speaks first.
      parser = busboy({
        headers: { 'content-type': type },
        limits: { files: 1, fields: 10, fileSize: maxBytes + 1 },
      });
    } catch {
      reject(new MultipartError('This form could not be read. Choose the file and send it again.'));
      return;
    }
    let result: Promise<T> | null = null;
    parser.on('file', (name, file, info) => {
      if (name !== field || result || !info.filename) {
        file.resume();
        return;
      }
      result = handle(file);
      // A refusal before the file was read: drain it, so the request ends and the answer goes out.
      result.catch(() => file.resume());
    });
    parser.on('error', () =>
      reject(new MultipartError('This form could not be read. Choose the file and send it again.')),
    );
    parser.on('close', () => {
      if (!result) resolve(null);
      else result.then(resolve, reject);
    });
    source.on('error', reject);
    source.pipe(parser);
  });
}
