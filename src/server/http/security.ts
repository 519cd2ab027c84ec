import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config';

/** Security headers with a CSP that allows only this origin, plus Stripe when it is live. */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        frameSrc: ["'self'", ...stripe, ...(stripe.length ? ['https://hooks.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripe.length ? ['https://api.stripe.com'] : [])],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.PUBLIC_URL.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // Under helmet's default no-referrer, browsers may send `Origin: null` on our own POSTs (the
    // Fetch standard says so), which the same-origin guard must refuse; same-origin keeps
    // referrers off other sites all the same.
    referrerPolicy: { policy: 'same-origin' },
  });
}
