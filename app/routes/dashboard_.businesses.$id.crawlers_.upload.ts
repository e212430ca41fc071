import { redirect, type ActionFunctionArgs } from 'react-router';
import { isDomainError } from '~/domain/errors';
import { EMPTY_MESSAGE, receiveUpload } from '~/domain/tracking/visits/import.server';
import { MAX_UPLOAD_BYTES } from '~/domain/tracking/visits/limits';
import { requireUser } from '~/http/auth.server';
import { MultipartError, withUploadedFile } from '~/http/multipart-file.server';
import { redirectWithToast } from '~/http/toast.server';
import { businessPath } from './dashboard/business-page';
import { throwIfBusinessNotFound } from './dashboard/business-page.server';

// POST /dashboard/businesses/{id}/crawlers/upload: the crawler visits page's upload form (a plain
// multipart POST, JavaScript or not). The file streams to disk through busboy (the server leaves
// this path's body unread), then back to the page with a message: the log is being read, or why it
// was refused (nothing counted). Another owner's business → 404.

const pagePath = (id: string) => businessPath(id, 'crawlers');

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? '';
  const refuse = (description: string) =>
    redirectWithToast(
      pagePath(id),
      { title: 'Log not read', description, variant: 'destructive' },
      { request },
    );
  try {
    const received = await withUploadedFile(
      request,
      'log',
      (file) => receiveUpload(user, id, file),
      MAX_UPLOAD_BYTES,
    );
    if (!received) return refuse(EMPTY_MESSAGE);
  } catch (error) {
    throwIfBusinessNotFound(error);
    if (isDomainError(error) || error instanceof MultipartError) return refuse(error.message);
    throw error;
  }
  return redirectWithToast(
    pagePath(id),
    {
      title: 'Log received',
      description:
        'We are reading your log: the counts appear below as it is read (lines read, counted, not understood).',
    },
    { request },
  );
}

export function loader({ params }: ActionFunctionArgs) {
  return redirect(pagePath(params.id ?? ''));
}
