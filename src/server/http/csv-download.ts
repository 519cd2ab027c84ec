import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CsvTable } from '#server/lib/csv-table';
import { csvLine, csvLines } from './csv';

/** Excel reads a CSV file in the machine's code page, garbling accented names, unless it starts with a UTF-8 byte order mark. */
const UTF8_BOM = '\uFEFF';

/**
 * Sends a table as a CSV download named `<name>-<day>.csv` (the caller's day: the admin's
 * is the store's, decision 0034), streamed: each batch is
 * read from the database only once the client has taken the one before (the stream's
 * backpressure), so a table of any length never sits in memory. The first batch is read
 * before the reply starts, so a database outage still answers with its JSON error.
 *
 * The chunks come from an iterator object rather than an async generator, whose suspended
 * frame would keep the last batch alive while the next one is read (decision 0041): a batch
 * is made into text and dropped at once.
 */
export async function sendCsv(reply: FastifyReply, name: string, day: string, { header, batches }: CsvTable): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  let opening: string | null = UTF8_BOM + csvLine(header) + (first.done ? '' : csvLines(first.value));
  let ended = first.done === true;
  const chunks: AsyncIterableIterator<string> = {
    [Symbol.asyncIterator]: () => chunks,
    async next() {
      if (opening !== null) {
        const text = opening;
        opening = null;
        return { done: false, value: text };
      }
      const batch = ended ? null : await iterator.next();
      if (!batch || batch.done) {
        ended = true;
        return { done: true, value: undefined };
      }
      return { done: false, value: csvLines(batch.value) };
    },
    // A client that goes away, or a batch that fails to read, ends the read too.
    async return() {
      ended = true;
      await iterator.return?.();
      return { done: true, value: undefined };
    },
  };
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { objectMode: false }));
}
