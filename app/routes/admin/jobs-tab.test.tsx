import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JobsTab } from './jobs-tab';

// The Jobs tab's queues table (its data comes from listQueueStats, tested in
// tests/integration/admin-jobs.test.ts; the Retry button in tests/e2e/admin.spec.ts).

describe('JobsTab', () => {
  it('heads the queues table Queue, Waiting, Running, Failed, Done (24 h), over each queue’s counts', () => {
    const text = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/admin?tab=jobs']}>
        <JobsTab
          queues={[{ queue: 'mail-send', waiting: 4, running: 1, failed: 2, doneLast24h: 1234 }]}
          failed={{ items: [], page: 1, limit: 20, total: 0, pageCount: 1 }}
          redirectTo="/admin?tab=jobs"
        />
      </MemoryRouter>,
    )
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      ' Queue Waiting Running Failed Done (24 h) E-mail delivery mail-send 4 1 2 1,234 ',
    );
    expect(text).toContain('No failed jobs');
  });
});
