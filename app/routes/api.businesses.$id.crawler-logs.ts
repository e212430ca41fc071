import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ActionFunctionArgs } from 'react-router';
import { receiveUpload } from '~/domain/tracking/visits/import.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';

// POST /api/businesses/{id}/crawler-logs: the raw access log as the body (Content-Type
// text/plain, or application/gzip for a .gz file), up to 200 MB, streamed to disk (never held in
// memory) → 202 { importId }; its progress is in GET …/crawlers (imports). A body that is not an
// access log → 400 { message }, nothing counted; past the plan's lines this month → 403.
const ACCEPTED = [
  'text/plain',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
];

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const user = await requireApiUser(request);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED.includes(type))
    return jsonMessage(
      415,
      'Send the log as the body with Content-Type text/plain, or application/gzip for a .gz file.',
    );
  if (!request.body)
    return jsonMessage(400, 'This file is empty. Choose the access log to upload.');
  try {
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    const { importId } = await receiveUpload(user, params.id ?? '', body);
    return Response.json({ importId }, { status: 202 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed(['POST']);
}
