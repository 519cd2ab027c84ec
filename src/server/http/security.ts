import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '#server/config';

/** Helmet's options for this store: a CSP that allows only this origin, plus Stripe when it is live. */
function helmetOptions(config: Config): HelmetOptions {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  return {
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
  };
}

interface HeaderWrites {
  set: Array<[name: string, value: string]>;
  removed: string[];
}

/**
 * What helmet's middleware does to an answer with these options, recorded once: the
 * options hold no per-request value (no nonce, no function directive), so every answer
 * gets the same writes.
 */
function recordHelmet(options: HelmetOptions): HeaderWrites {
  const writes: HeaderWrites = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string) => writes.set.push([name, value]),
    removeHeader: (name: string) => writes.removed.push(name),
  };
  // Helmet 8 throws a bad option at once rather than passing it to `next`.
  helmet(options)({} as never, recorder as never, () => {});
  return writes;
}

/**
 * Security headers on every answer, as helmet writes them (names, values and order), with
 * the CSP directives parsed once at start-up: @fastify/helmet built helmet's middleware,
 * and so parsed them, on every request (decision 0048).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const { set, removed } = recordHelmet(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
