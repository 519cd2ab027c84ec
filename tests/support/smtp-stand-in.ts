import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Outage } from './outage';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server keeping what it receives. It can go down: answer every message with
 * a 554 error, or accept connections and never greet them (the sender's timeout must end it).
 */
export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  let connections = 0;
  let outage: Outage | null = null;
  const held = new Set<(error?: Error) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (outage === 'hang') held.add(callback);
      else callback();
    },
    onMailFrom(_address, _session, callback) {
      if (outage !== 'error') return callback();
      callback(Object.assign(new Error('Transaction failed: mail service unavailable'), { responseCode: 554 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');

  const recover = () => {
    outage = null;
    for (const refuse of held) refuse(new Error('Service restarting'));
    held.clear();
  };
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    /** Connections opened so far, served or not: a sender's attempts. */
    get connections() {
      return connections;
    },
    goDown: (mode: Outage) => {
      outage = mode;
    },
    recover,
    close: () => {
      recover();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
