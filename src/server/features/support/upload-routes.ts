import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_NOT_IMAGE, ATTACHMENT_TOO_LARGE, ATTACHMENTS_PER_MESSAGE, ATTACHMENTS_TOO_MANY } from '#contract/support';
import { sniffImage } from '#domain/tickets';
import { HttpError } from '#server/http/errors';
import type { NewAttachment } from './tickets';

/**
 * A message with images comes as multipart/form-data (decision 0102): its text fields become
 * the body the route's schema checks, its files the attachments, each recognised by its
 * bytes. Only the support routes take multipart; the rest of the API stays JSON.
 */

const MULTIPART_UNREADABLE = 'The message could not be read: send it as a form with its images, or as JSON.';

const attachmentsOf = new WeakMap<FastifyRequest, NewAttachment[]>();

/** Form fields that are booleans in the JSON body. */
const BOOLEAN_FIELDS = new Set(['internal']);

/** A sender's file name, kept only for the download's name: no path, no control characters, at most 100 characters. */
function cleanFilename(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return base.slice(-100) || 'image';
}

async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, unknown> = {};
  const files: NewAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = String(part.value);
        fields[part.fieldname] = BOOLEAN_FIELDS.has(part.fieldname) ? value === 'true' : value;
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0) continue;
      const contentType = sniffImage(data);
      if (!contentType) throw new HttpError(415, ATTACHMENT_NOT_IMAGE);
      files.push({ filename: cleanFilename(part.filename), contentType, data });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ATTACHMENT_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(400, ATTACHMENTS_TOO_MANY);
    // Anything else is a body that is not the multipart it claims (no boundary, a broken part): the sender's fault.
    throw new HttpError(400, MULTIPART_UNREADABLE);
  }
  request.body = fields;
  attachmentsOf.set(request, files);
}

/**
 * The body a route that takes images may carry: three of the largest images and the text
 * fields (the rest of the API keeps the store's 64 KiB; multipart counts the whole body).
 */
export const UPLOAD_BODY_LIMIT = ATTACHMENTS_PER_MESSAGE * ATTACHMENT_MAX_BYTES + 128 * 1024;

/** Takes multipart in this scope: called by the support route plugins before their routes. */
export async function acceptImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENTS_PER_MESSAGE, fields: 10, fieldSize: 64 * 1024, parts: ATTACHMENTS_PER_MESSAGE + 10 },
  });
  app.addHook('preValidation', readMultipart);
}

/** The images of the request's message; none for a JSON body. */
export const uploadedImages = (request: FastifyRequest): NewAttachment[] => attachmentsOf.get(request) ?? [];

/** Sends a stored image as a download the browser cannot take for a page (nosniff, its sniffed type, a disposition). */
export function sendAttachment(reply: FastifyReply, file: { contentType: string; filename: string; data: Buffer }) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
