import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cloneElement, type ReactElement } from 'react';
import { isLocale, type Locale } from '#domain/locales';
import { renderEmailHtml } from '#server/features/mail/index';
import { TEMPLATE_SAMPLES } from './email-samples';

const SAMPLE_STORE = 'http://localhost:5000';

/** A language the previews can be drawn in (decision 0107). */
export const isPreviewLocale = isLocale;

/**
 * `npm run mail:preview -- <folder> [--locale=ar]` (scripts/mail-preview.mjs): every email
 * template drawn with its sample data, one `<template>.html` per template, a reminder with its
 * unsubscribe link as mail.queue sends it (decision 0040). With a locale, each template's own
 * words, its frame, lang and dir are that language's (decision 0107); the sample values the
 * features compose (facts, paragraphs) stay the English samples. Returns the files written.
 */
export async function writeMailPreviews(folder: string, locale: Locale = 'en'): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const [name, { element, reminder }] of Object.entries(TEMPLATE_SAMPLES)) {
    const unsubscribeUrl = reminder ? `${SAMPLE_STORE}/unsubscribe?token=sample-token` : null;
    const file = path.join(folder, `${name}.html`);
    const drawn = locale === 'en' ? element : cloneElement(element as ReactElement<{ locale?: Locale }>, { locale });
    await writeFile(file, await renderEmailHtml(drawn, { storeUrl: SAMPLE_STORE, unsubscribeUrl }));
    written.push(file);
  }
  return written;
}
