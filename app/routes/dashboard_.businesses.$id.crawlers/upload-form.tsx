import { Form, useLoaderData, useNavigation } from 'react-router';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import type { loader } from './route';

// The upload form: a plain multipart POST to …/crawlers/upload (works with JavaScript off; the
// route streams the file to disk and redirects back here with a message).

export function UploadForm() {
  const { business, allowance } = useLoaderData<typeof loader>();
  const action = `/dashboard/businesses/${business.id}/crawlers/upload`;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === action;
  return (
    <section aria-labelledby="upload-title">
      <h2 id="upload-title" className="text-xl font-semibold text-slate-900">
        Upload an access log
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Apache or Nginx (combined or common format), Caddy&apos;s JSON log, or JSON lines with
        Cloudflare, Vercel or Netlify log fields; plain or .gz, up to 200 MB. The same lines
        uploaded twice are counted once. This month: {allowance.used.toLocaleString('en-US')} of{' '}
        {allowance.limit.toLocaleString('en-US')} lines.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="log" className="block text-sm font-medium text-slate-800">
            Access log file
          </label>
          <input
            id="log"
            name="log"
            type="file"
            required
            accept=".log,.txt,.gz,.json,.jsonl,.ndjson"
            className={`${inputStyles} w-80`}
          />
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={sending}>
          {sending ? 'Uploading…' : 'Upload'}
        </button>
      </Form>
    </section>
  );
}
