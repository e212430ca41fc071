import { createServer, type IncomingMessage, type Server } from 'node:http';

// A local fake of the parts of Stripe's API the site calls. The SDK's host/port/protocol point at
// it (STRIPE_API_URL), so the real SDK code runs: the fake records every request (method, path,
// form-encoded parameters, Authorization and Idempotency-Key) for tests to assert, keeps the
// subscriptions and subscription schedules it was given or created, and, like Stripe, answers a
// request whose Idempotency-Key it has seen with the first answer without doing anything again.
// Like Stripe, it refuses to change the cancellation of a subscription a schedule manages, and
// previews an upgrade's invoice with proration lines per second of the period.

export type StripeCall = {
  method: string;
  path: string;
  params: URLSearchParams;
  auth: string | undefined;
  idempotencyKey: string | undefined;
  /** Answered from the idempotency cache: Stripe did nothing a second time. */
  replayed: boolean;
};

type Item = {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  schedule: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Item[] };
};

type Phase = {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
  metadata: Record<string, string>;
  proration_behavior?: string;
};

export type FakeSchedule = {
  id: string;
  object: 'subscription_schedule';
  status: string;
  customer: string;
  subscription: string | null;
  released_subscription: string | null;
  end_behavior: string;
  metadata: Record<string, string>;
  phases: Phase[];
};

/** `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }: Stripe's form encoding, read back. */
export function decodeForm(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** A decoded request body: whatever the SDK sent, read loosely as Stripe's server does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Decoded = Record<string, any>;

const MONTH = 30 * 24 * 60 * 60;

/** Each test price's monthly amount in cents (the plans' prices). */
export const PRICE_AMOUNTS: Record<string, number> = {
  price_diy: 24900,
  price_starter: 50000,
  price_growth: 100000,
  price_authority: 200000,
};
let sequence = 0;
const nextId = (prefix: string) => `${prefix}_fake_${Date.now()}_${(sequence += 1)}`;

export function createStripeFake(port: number) {
  const calls: StripeCall[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const schedules = new Map<string, FakeSchedule>();
  const answered = new Map<string, { status: number; body: unknown }>();
  /** Set to make the next request fail with this HTTP status (Stripe's error body). */
  let failNext: number | null = null;

  function subscription(input: {
    customer: string;
    price: string;
    metadata?: Record<string, string>;
    periodStart?: number;
    periodEnd?: number;
  }): FakeSubscription {
    const start = input.periodStart ?? Math.floor(Date.now() / 1000) - 5 * 24 * 60 * 60;
    const sub: FakeSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      customer: input.customer,
      status: 'active',
      cancel_at_period_end: false,
      schedule: null,
      metadata: input.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            price: { id: input.price, object: 'price' },
            quantity: 1,
            current_period_start: start,
            current_period_end: input.periodEnd ?? start + MONTH,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  function handle(method: string, path: string, params: URLSearchParams): [number, unknown] {
    const body = decodeForm(params) as Decoded;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return [
        200,
        {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        },
      ];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session/bps_1',
        },
      ];
    }
    let match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const sub = subscriptions.get(match[1]!);
      if (!sub)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (method === 'POST') {
        if (sub.schedule && body.cancel_at_period_end !== undefined) {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
              },
            },
          ];
        }
        const items = body.items as { id?: string; price?: string }[] | undefined;
        for (const change of items ?? []) {
          const item = sub.items.data.find((candidate) => candidate.id === change.id);
          if (item && change.price) item.price = { id: change.price, object: 'price' };
        }
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
        if (body.metadata) Object.assign(sub.metadata, body.metadata);
      }
      return [200, sub];
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const sub = subscriptions.get(String(body.subscription));
      if (!sub)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      const details = (body.subscription_details ?? {}) as Decoded;
      const item = sub.items.data[0]!;
      const change = (details.items as { id?: string; price?: string }[] | undefined)?.[0];
      const at = details.proration_date
        ? Number(details.proration_date)
        : Math.floor(Date.now() / 1000);
      if (at < item.current_period_start || at > item.current_period_end) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: 'proration_date must be within the current period',
            },
          },
        ];
      }
      const left =
        (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
      const old = PRICE_AMOUNTS[item.price.id] ?? 0;
      const next = PRICE_AMOUNTS[change?.price ?? item.price.id] ?? 0;
      const line = (amount: number, proration: boolean, description: string) => ({
        object: 'line_item',
        amount,
        description,
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: {
            proration,
            subscription: sub.id,
            subscription_item: item.id,
          },
        },
      });
      const lines = [
        line(-Math.round(old * left), true, 'Unused time on the old price'),
        line(Math.round(next * left), true, 'Remaining time on the new price'),
        // Without always_invoice the preview is the next invoice: the renewal comes with it.
        ...(details.proration_behavior === 'always_invoice'
          ? []
          : [line(next, false, 'Next period')]),
      ];
      const total = lines.reduce((sum, entry) => sum + entry.amount, 0);
      return [
        200,
        {
          object: 'invoice',
          currency: 'usd',
          customer: sub.customer,
          amount_due: Math.max(total, 0),
          total,
          lines: { object: 'list', data: lines, has_more: false },
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: sub.id, subscription_proration_date: at },
          },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const sub = subscriptions.get(String(body.from_subscription));
      if (!sub)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (sub.schedule) {
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'Already has a schedule' } },
        ];
      }
      const item = sub.items.data[0]!;
      const schedule: FakeSchedule = {
        id: nextId('sub_sched'),
        object: 'subscription_schedule',
        status: 'active',
        customer: sub.customer,
        subscription: sub.id,
        released_subscription: null,
        end_behavior: 'release',
        metadata: {},
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price.id, quantity: 1 }],
            metadata: {},
          },
        ],
      };
      schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return [200, schedule];
    }
    match = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (match && method === 'POST') {
      const schedule = schedules.get(match[1]!);
      if (!schedule)
        return [404, { error: { type: 'invalid_request_error', message: 'No such schedule' } }];
      if (schedule.status !== 'active' && schedule.status !== 'not_started') {
        return [
          400,
          { error: { type: 'invalid_request_error', message: `Schedule is ${schedule.status}` } },
        ];
      }
      if (match[2]) {
        const sub = schedule.subscription ? subscriptions.get(schedule.subscription) : undefined;
        if (sub) sub.schedule = null;
        schedule.status = 'released';
        schedule.released_subscription = schedule.subscription;
        schedule.subscription = null;
        return [200, schedule];
      }
      if (body.end_behavior) schedule.end_behavior = String(body.end_behavior);
      if (body.metadata) Object.assign(schedule.metadata, body.metadata);
      if (Array.isArray(body.phases)) {
        let previousEnd = 0;
        schedule.phases = (body.phases as Decoded[]).map((phase) => {
          const start = phase.start_date ? Number(phase.start_date) : previousEnd;
          const end = phase.end_date
            ? Number(phase.end_date)
            : start + Number(phase.duration?.interval_count ?? 1) * MONTH;
          previousEnd = end;
          return {
            start_date: start,
            end_date: end,
            items: (phase.items as { price: string; quantity?: string }[]).map((item) => ({
              price: item.price,
              quantity: Number(item.quantity ?? 1),
            })),
            metadata: phase.metadata ?? {},
            proration_behavior: phase.proration_behavior,
          };
        });
      }
      return [200, schedule];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unknown path ${path}` } }];
  }

  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const params = new URLSearchParams(method === 'GET' ? url.search : raw);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const cached = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      calls.push({
        method,
        path: url.pathname,
        params,
        auth: req.headers.authorization,
        idempotencyKey,
        replayed: cached !== undefined,
      });
      res.setHeader('Content-Type', 'application/json');
      let status: number;
      let body: unknown;
      if (cached) {
        ({ status, body } = cached);
      } else if (failNext !== null) {
        status = failNext;
        failNext = null;
        body = { error: { type: 'api_error', message: 'The fake was told to fail' } };
      } else {
        [status, body] = handle(method, url.pathname, params);
        // A snapshot: later changes to the object do not change the remembered answer.
        body = JSON.parse(JSON.stringify(body));
        if (idempotencyKey && method === 'POST') answered.set(idempotencyKey, { status, body });
      }
      res.statusCode = status;
      res.end(JSON.stringify(body));
    });
  });

  return {
    calls,
    subscriptions,
    schedules,
    /** A live subscription on `price` for `customer`, as Checkout would have left it. */
    subscription,
    failNextWith(status: number) {
      failNext = status;
    },
    /** Calls that reached Stripe's logic (not answered again from the idempotency cache). */
    effective: () => calls.filter((call) => !call.replayed),
    reset() {
      calls.length = 0;
    },
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
