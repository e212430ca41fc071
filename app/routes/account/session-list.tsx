import { Form, useLoaderData, useNavigation } from 'react-router';
import { Pagination } from '~/components/ui/pagination';
import { buttonStyles } from '~/components/ui/styles';
import { SESSIONS_PER_PAGE } from '~/content/account';
import { useSubmitting } from './forms';
import type { loader } from './route';

export function SessionList() {
  const { sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const endingId =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'end-session'
      ? navigation.formData.get('sessionId')
      : null;
  const endingOthers = useSubmitting('end-others');
  const others = sessions.total - (sessions.items.some((s) => s.current) ? 1 : 0);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {sessions.items.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
            data-testid="account-session"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-slate-700">
                Signed in {session.signedInAt}
                {session.ipAddress ? ` · ${session.ipAddress}` : ''}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  className={buttonStyles.secondary}
                  disabled={endingId === session.id}
                  aria-label={`Sign out ${session.device}, signed in ${session.signedInAt}`}
                >
                  {endingId === session.id ? 'Signing out...' : 'Sign out'}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.pageCount > 1 ? (
        <Pagination
          page={sessions.page}
          pageCount={sessions.pageCount}
          total={sessions.total}
          noun={['session', 'sessions']}
          perPage={SESSIONS_PER_PAGE}
          hash="#sessions-title"
        />
      ) : null}
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className={buttonStyles.secondary} disabled={endingOthers}>
            {endingOthers ? 'Signing out...' : 'Sign out all other sessions'}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
