// The environment of a test that talks to the local Stripe fake (tests/integration/stripe-fake.ts):
// a secret key, the webhook's signing secret, the fake's address on a port of its own, the plans'
// test prices and the grace days. Call it from vi.hoisted, before the app's modules load:
//   const port = await vi.hoisted(async () =>
//     (await import('./stripe-env')).useStripeFake('whsec_…'));

export function useStripeFake(webhookSecret: string): number {
  const port = 20000 + Math.floor(Math.random() * 20000);
  process.env.STRIPE_SECRET_KEY = 'sk_test_fake_key';
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_URL = `http://127.0.0.1:${port}`;
  process.env.STRIPE_PRICE_DIY = 'price_diy';
  process.env.STRIPE_PRICE_STARTER = 'price_starter';
  process.env.STRIPE_PRICE_GROWTH = 'price_growth';
  process.env.STRIPE_PRICE_AUTHORITY = 'price_authority';
  process.env.SUBSCRIPTION_GRACE_DAYS = '3';
  return port;
}
