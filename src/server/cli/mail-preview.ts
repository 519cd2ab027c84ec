import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderEmailHtml } from '#server/features/mail/index';
import { TEMPLATE_SAMPLES } from './email-samples';

const SAMPLE_STORE = 'http://localhost:5000';

/**
 * `npm run mail:preview -- <folder>` (scripts/mail-preview.mjs): every email template drawn
 * with its sample data, one `<template>.html` per template, a reminder with its unsubscribe
 * link as mail.queue sends it (decision 0040). Returns the files written.
 */
export async function writeMailPreviews(folder: string): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const [name, { element, reminder }] of Object.entries(TEMPLATE_SAMPLES)) {
    const unsubscribeUrl = reminder ? `${SAMPLE_STORE}/unsubscribe?token=sample-token` : null;
    const file = path.join(folder, `${name}.html`);
    await writeFile(file, await renderEmailHtml(element, { storeUrl: SAMPLE_STORE, unsubscribeUrl }));
    written.push(file);
  }
  return written;
}
