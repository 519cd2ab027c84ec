import pg from 'pg';

export interface ChannelHandlers {
  /** A NOTIFY on the channel arrived. */
  onNotify(payload: string): void;
  /** LISTEN took effect, at first or again after the connection was lost: notices sent meanwhile were missed. */
  onListening(): void;
  /** The connection failed; it is retried with growing pauses. */
  onLost?(error: Error): void;
}

export interface ChannelListener {
  /** Settles after the first attempt to listen, whether it worked or not. */
  started: Promise<void>;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on a PostgreSQL connection of its own: a pooled connection would drop the
 * LISTEN when returned. A lost connection is replaced with growing pauses, and
 * `onListening` is called again, so the caller can drop what it may have missed.
 */
export function listenOnChannel(config: pg.ClientConfig, channel: string, handlers: ChannelHandlers): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();

  function retryLater(error: Error): void {
    if (closed || retryTimer) return;
    handlers.onLost?.(error);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      attempt = connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...config, keepAlive: true });
    client = next;
    // Both fire on a lost connection; retryLater keeps one retry pending.
    next.on('error', (error) => retryLater(error));
    next.on('end', () => {
      if (client === next) retryLater(new Error('the listening connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return;
      retryMs = FIRST_RETRY_MS;
      handlers.onListening();
    } catch (error) {
      await next.end().catch(() => {});
      retryLater(error as Error);
    }
  }

  attempt = connect();
  return {
    started: attempt,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      // An attempt under way finishes first, so its connection is the one ended here.
      await attempt;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
