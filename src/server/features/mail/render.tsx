import { Preview } from '@react-email/preview';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PreviewSlot, StoreAddress, UnsubscribeUrl } from '#server/lib/email/index';
import { escapeHtml } from '#server/lib/escape-html';
import { PasswordLinkEmail } from './templates/password-link';

/** The doctype email clients expect, as React Email writes it. */
const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

interface Context {
  storeUrl: string;
  unsubscribeUrl?: string | null;
}

/** Draws the element in one synchronous pass of React (decision 0043). */
function drawWithReact(element: ReactElement, storeUrl: string, unsubscribeUrl: string | null, previewSlot: ((preview: string) => string) | null = null): string {
  return renderToStaticMarkup(
    <StoreAddress.Provider value={storeUrl}>
      <UnsubscribeUrl.Provider value={unsubscribeUrl}>
        <PreviewSlot.Provider value={previewSlot}>{element}</PreviewSlot.Provider>
      </UnsubscribeUrl.Provider>
    </StoreAddress.Provider>,
  );
}

/**
 * Draws a template's element as the HTML of an email, for this store and, with `unsubscribeUrl`, a reminder's footer link.
 * The templates wait for nothing, so React draws them in one synchronous pass: React Email's own
 * render() streams and waits for suspended parts, at four times the CPU of a purchase's email (decision 0043).
 * A template is drawn by React once per shape of its values and then filled (decision 0048): see fillTemplate.
 */
export function renderEmailHtml(element: ReactElement, { storeUrl, unsubscribeUrl = null }: Context): Promise<string> {
  return Promise.resolve(XHTML_DOCTYPE + (fillTemplate(element, storeUrl, unsubscribeUrl) ?? drawWithReact(element, storeUrl, unsubscribeUrl)));
}

/** The full draw by React, every time: what the filled templates are proven equal to (tests/unit/mail-render-cache.test.tsx). */
export function renderEmailHtmlWithReact(element: ReactElement, { storeUrl, unsubscribeUrl = null }: Context): string {
  return XHTML_DOCTYPE + drawWithReact(element, storeUrl, unsubscribeUrl);
}

/*
 * Drawing an email with React cost about 5% of the store's CPU under purchases: every
 * purchase draws a confirmation and a setup link, element by element, inline style by
 * inline style, while only a few words differ from one customer to the next. So a template
 * is drawn once per *shape* of its values with each text value replaced by a sentinel, and
 * each email is that markup with the sentinels replaced by its values, escaped as React
 * escapes text and attributes (both alike, escapeTextForBrowser).
 *
 * The shape is everything a template may branch on: which values are null, undefined,
 * empty, true or false, every number, each list's length, the store's address, whether
 * there is an unsubscribe link, and the text values a template compares (SHAPE_TEXTS). A
 * text value is otherwise only written out, which the sentinels stand for. The preview
 * line, whose padding React Email computes from its length, is drawn by React per email
 * from the template's preview text with the values put back (PreviewSlot).
 */

/**
 * Text props a template branches on, which belong to its shape: every template's `locale`, whose
 * catalogue writes its words (so the drawn templates are kept per language, decision 0107), and
 * PasswordLinkEmail's kind.
 */
const LANGUAGE = new Set(['locale']);
const SHAPE_TEXTS = new Map<ComponentType<never>, ReadonlySet<string>>([[PasswordLinkEmail, new Set(['kind', ...LANGUAGE])]]);

/** Markup pieces with a gap between each two: a value's index, or PREVIEW where the preview line goes. */
interface Template {
  pieces: string[];
  gaps: number[];
  /** The preview text, in pieces with value indexes between them (null when the template drew no preview line). */
  preview: { pieces: string[]; gaps: number[] } | null;
}
const PREVIEW = -1;

/** Beyond this many shapes (never reached by the store's templates), emails are drawn by React each time, so memory stays bounded. */
const MAX_TEMPLATES = 500;
const templates = new Map<ComponentType<never>, Map<string, Template>>();
let templateCount = 0;

// Private-use characters, which React writes as they are and no value of the store carries into a template.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PREVIEW_MARK = '\uE002';
const SENTINELS = /\uE000(\d+)\uE001|\uE002/g;
const sentinel = (index: number) => `${OPEN}${index}${CLOSE}`;

/** React's own test for a javascript: address, which it replaces in an href: a value that looks like one is drawn by React. */
// eslint-disable-next-line no-control-regex -- React's pattern, leading control characters included
const JAVASCRIPT_PROTOCOL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

interface Walked {
  shape: string;
  values: string[];
  /** The props with each text value replaced by its sentinel. */
  stand: unknown;
}

/** The shape of `value`, its text values and its stand-in; null for anything a template could do more with than write out. */
function walk(value: unknown, values: string[], shapeTexts: ReadonlySet<string> | undefined, key: string | null): { shape: string; stand: unknown } | null {
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number') return { shape: String(value), stand: value };
  if (typeof value === 'string') {
    if (value === '' || (key !== null && shapeTexts?.has(key))) return { shape: JSON.stringify(value), stand: value };
    if (JAVASCRIPT_PROTOCOL.test(value) || value.includes(OPEN) || value.includes(PREVIEW_MARK)) return null;
    values.push(value);
    return { shape: 's', stand: sentinel(values.length - 1) };
  }
  if (Array.isArray(value)) {
    const shapes: string[] = [];
    const stand: unknown[] = [];
    for (const item of value) {
      const walked = walk(item, values, undefined, null);
      if (!walked) return null;
      shapes.push(walked.shape);
      stand.push(walked.stand);
    }
    return { shape: `[${shapes.join(',')}]`, stand };
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const shapes: string[] = [];
    const stand: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      const walked = walk(item, values, key === null ? shapeTexts : undefined, key === null ? name : `${key}.${name}`);
      if (!walked) return null;
      shapes.push(`${JSON.stringify(name)}:${walked.shape}`);
      stand[name] = walked.stand;
    }
    return { shape: `{${shapes.join(',')}}`, stand };
  }
  return null;
}

function walkProps(type: ComponentType<never>, props: unknown): Walked | null {
  const values: string[] = [];
  const walked = walk(props, values, SHAPE_TEXTS.get(type) ?? LANGUAGE, null);
  return walked && { shape: walked.shape, values, stand: walked.stand };
}

/** Splits markup at its sentinels. */
function split(markup: string): { pieces: string[]; gaps: number[] } {
  const pieces: string[] = [];
  const gaps: number[] = [];
  let last = 0;
  for (const match of markup.matchAll(SENTINELS)) {
    pieces.push(markup.slice(last, match.index));
    gaps.push(match[1] === undefined ? PREVIEW : Number(match[1]));
    last = match.index + match[0].length;
  }
  pieces.push(markup.slice(last));
  return { pieces, gaps };
}

function build(element: ReactElement, stand: unknown, storeUrl: string, unsubscribeUrl: string | null): Template {
  let previewText: string | null = null;
  const markup = drawWithReact(createElement(element.type, stand as Record<string, unknown>), storeUrl, unsubscribeUrl, (preview) => {
    previewText = preview;
    return PREVIEW_MARK;
  });
  const drawn = split(markup);
  return { ...drawn, preview: previewText === null ? null : split(previewText) };
}

function join({ pieces, gaps }: { pieces: string[]; gaps: number[] }, fill: (gap: number) => string): string {
  let out = pieces[0]!;
  for (let i = 0; i < gaps.length; i++) out += fill(gaps[i]!) + pieces[i + 1]!;
  return out;
}

/** The email drawn from its template's shape, or null when it is to be drawn by React. */
function fillTemplate(element: ReactElement, storeUrl: string, unsubscribeUrl: string | null): string | null {
  const type = element.type;
  if (typeof type !== 'function' || element.key !== null) return null;
  const component = type as ComponentType<never>;
  const walked = walkProps(component, element.props);
  if (!walked) return null;
  // The unsubscribe link is one more text value, after the props' own.
  const values = unsubscribeUrl === null ? walked.values : [...walked.values, unsubscribeUrl];
  if (unsubscribeUrl !== null && (JAVASCRIPT_PROTOCOL.test(unsubscribeUrl) || unsubscribeUrl === '' || unsubscribeUrl.includes(OPEN))) return null;
  const shape = `${storeUrl}\n${unsubscribeUrl === null ? '-' : 'u'}\n${walked.shape}`;
  let byShape = templates.get(component);
  let template = byShape?.get(shape);
  if (!template) {
    if (templateCount >= MAX_TEMPLATES) return null;
    template = build(element, walked.stand, storeUrl, unsubscribeUrl === null ? null : sentinel(walked.values.length));
    if (!byShape) templates.set(component, (byShape = new Map<string, Template>()));
    byShape.set(shape, template);
    templateCount += 1;
  }
  const { preview } = template;
  const line = preview ? previewLine(join(preview, (gap) => values[gap]!)) : '';
  return join(template, (gap) => (gap === PREVIEW ? line : escapeHtml(values[gap]!)));
}

/** React Email's preview line shows the first 150 characters of its text and pads it by how many fewer it has. */
const PREVIEW_MAX_LENGTH = 150;
const PREVIEW_FILL = '\uE003';
/** The preview line's markup around its text, by the text's length (at most 151 of them). */
const previewFrames = new Map<number, { before: string; after: string }>();

/** The preview line of `text`: drawn by React once per length of shown text, with the text put in escaped. */
function previewLine(text: string): string {
  const length = Math.min(text.length, PREVIEW_MAX_LENGTH);
  if (length === 0) return renderToStaticMarkup(<Preview>{text}</Preview>);
  let frame = previewFrames.get(length);
  if (!frame) {
    const markup = renderToStaticMarkup(<Preview>{PREVIEW_FILL.repeat(length)}</Preview>);
    frame = { before: markup.slice(0, markup.indexOf(PREVIEW_FILL)), after: markup.slice(markup.lastIndexOf(PREVIEW_FILL) + 1) };
    previewFrames.set(length, frame);
  }
  return frame.before + escapeHtml(text.substring(0, PREVIEW_MAX_LENGTH)) + frame.after;
}
