import { and, eq, like } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/schema';
import type { TestApp } from './test-app';

/** Support ticket helpers for API tests: multipart bodies, image bytes, emailed ticket links. */

/** The smallest bytes each image type is recognised by, padded to `size`. */
export function imageBytes(type: 'png' | 'jpeg' | 'webp', size = 64): Buffer {
  const head = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  }[type];
  const bytes = Buffer.alloc(Math.max(size, head.length));
  Buffer.from(head).copy(bytes);
  return bytes;
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = '----ticket-test-boundary-7d2f';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The emails whose key starts with `prefix` (ticket-reply:, ticket-verify:, ticket-resolved:). */
export async function ticketMails(t: TestApp, prefix: string, to?: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(like(mailOutbox.dedupeKey, `${prefix}%`), to ? eq(mailOutbox.to, to) : undefined))
    .orderBy(mailOutbox.createdAt);
}

/** The ticket id and token of the first /support/ticket/<id>?token=<token> link in an email's text. */
export function ticketLinkIn(text: string): { id: string; token: string } {
  const match = /\/support\/ticket\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no ticket link in: ${text}`);
  return { id: match[1]!, token: match[2]! };
}
