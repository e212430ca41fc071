// The data of each admin tab: only what the open tab needs, each list one page and its count.
import { type AdminTab } from './admin-tabs';
import {
  getAnalytics,
  getTabCounts,
  getUserForAdmin,
  listAccessLogs,
  listAllBusinesses,
  getBusinessAuditsForAdmin,
  getJobsOverview,
  listAuditLog,
  listInquiries,
  listLockouts,
  listLoginHistory,
  listOutbox,
  listUsers,
  planBilledMessage,
  type AdminActor,
} from '~/domain/admin.server';
import { listUnmatchedPayments } from '~/domain/payments/unmatched.server';
import { getTrackingOverview } from '~/domain/tracking/reports/admin.server';
import { isTier } from '~/domain/tiers';
import { ADMIN_PAGE_SIZE, pageParams, searchParam } from '~/schemas/admin';

/** Only what the open tab needs is loaded; every list is one page of 50 and its count. */
export async function loadTab(actor: AdminActor, tab: AdminTab, params: URLSearchParams) {
  const page = pageParams(params, { defaultLimit: ADMIN_PAGE_SIZE, maxLimit: ADMIN_PAGE_SIZE });
  switch (tab) {
    case 'overview': {
      const [analytics, unmatchedPayments] = await Promise.all([
        getAnalytics(actor),
        listUnmatchedPayments(actor, { page: page.page, limit: 10 }),
      ]);
      return {
        tab,
        counts: { users: analytics.totalUsers, businesses: analytics.totalBusinesses },
        analytics,
        unmatchedPayments,
      } as const;
    }
    case 'users': {
      const query = searchParam(params);
      const tierParam = params.get('tier');
      const tier = isTier(tierParam) ? tierParam : null;
      const editId = params.get('edit');
      const changeId = params.get('changePlan');
      const changeTo = params.get('plan');
      const [counts, users, editing, changing] = await Promise.all([
        getTabCounts(actor),
        listUsers(actor, { ...page, query: query || undefined, tier: tier ?? undefined }),
        editId
          ? Promise.all([
              getUserForAdmin(actor, editId),
              listAuditLog(actor, { page: 1, limit: 10, userId: editId }),
            ]).then(
              ([user, history]) => ({ user, history: history.items }),
              () => null,
            )
          : null,
        // The plan select's confirmation: the user, the plan chosen, and why not (a subscription
        // bills the plan), before anything changes.
        changeId && isTier(changeTo)
          ? getUserForAdmin(actor, changeId).then(
              (user) => ({
                user,
                to: changeTo,
                refusal: user.billedBySubscription ? planBilledMessage(user) : null,
              }),
              () => null,
            )
          : null,
      ]);
      return {
        tab,
        counts,
        users,
        query,
        tier,
        editing,
        changing,
        creating: params.get('create') === '1',
      } as const;
    }
    case 'businesses': {
      const query = searchParam(params);
      const auditsOf = params.get('audits');
      const [counts, businesses, audits] = await Promise.all([
        getTabCounts(actor),
        listAllBusinesses(actor, { ...page, query: query || undefined }),
        auditsOf
          ? getBusinessAuditsForAdmin(actor, auditsOf, {
              // The audits' own page, apart from the businesses list's `page`.
              page: pageParams(new URLSearchParams({ page: params.get('auditPage') ?? '1' }), {
                defaultLimit: ADMIN_PAGE_SIZE,
                maxLimit: ADMIN_PAGE_SIZE,
              }).page,
              auditId: params.get('audit') ?? undefined,
            })
          : null,
      ]);
      return { tab, counts, businesses, query, audits } as const;
    }
    case 'logins': {
      // Sign-ins (sessions), or the sign-ins a limit turned away (`show=lockouts`).
      const showLockouts = params.get('show') === 'lockouts';
      const [counts, logins, lockouts] = await Promise.all([
        getTabCounts(actor),
        showLockouts ? null : listLoginHistory(actor, page),
        showLockouts ? listLockouts(actor, page) : null,
      ]);
      return { tab, counts, logins, lockouts } as const;
    }
    case 'usage': {
      const resultParam = params.get('result');
      const result = resultParam === 'allowed' || resultParam === 'denied' ? resultParam : null;
      const [counts, logs] = await Promise.all([
        getTabCounts(actor),
        listAccessLogs(actor, { ...page, result: result ?? undefined }),
      ]);
      return { tab, counts, logs, result } as const;
    }
    case 'inquiries': {
      const [counts, inquiries] = await Promise.all([
        getTabCounts(actor),
        listInquiries(actor, page),
      ]);
      return { tab, counts, inquiries } as const;
    }
    case 'outbox': {
      const status = params.get('status') === 'failed' ? 'failed' : null;
      const [counts, messages] = await Promise.all([
        getTabCounts(actor),
        listOutbox(actor, { ...page, status: status ?? undefined }),
      ]);
      return { tab, counts, messages, status } as const;
    }
    case 'jobs': {
      const [counts, jobs] = await Promise.all([getTabCounts(actor), getJobsOverview(actor, page)]);
      return { tab, counts, jobs } as const;
    }
    case 'tracking': {
      const [counts, tracking] = await Promise.all([
        getTabCounts(actor),
        getTrackingOverview(actor, { page: page.page }),
      ]);
      return { tab, counts, tracking } as const;
    }
    case 'audit': {
      const [counts, audit] = await Promise.all([getTabCounts(actor), listAuditLog(actor, page)]);
      return { tab, counts, audit } as const;
    }
  }
}

/** The one paged list of the open tab (the page `?page=` moves), for the past-the-end redirect. */
export function pagedListOf(data: Awaited<ReturnType<typeof loadTab>>) {
  switch (data.tab) {
    case 'overview':
      return data.unmatchedPayments;
    case 'users':
      return data.users;
    case 'businesses':
      return data.businesses;
    case 'logins':
      return data.logins ?? data.lockouts;
    case 'usage':
      return data.logs;
    case 'inquiries':
      return data.inquiries;
    case 'outbox':
      return data.messages;
    case 'jobs':
      return data.jobs.failed;
    case 'tracking':
      return data.tracking.businesses;
    case 'audit':
      return data.audit;
  }
}
