import { createElement, Fragment, type ReactNode } from 'react';
import { formatMessage } from './format-message';

const MARK = '\u0000';

/**
 * A message whose text arguments (a package's or a device's name, a date) each sit in a
 * `<bdi>` (decision 0111): "36-Hour Free Trial" stays whole and in its own order inside an
 * Arabic sentence. Numbers stay arguments, for the plurals. Only for plain `{name}` arguments:
 * a text argument of a select would be matched by its mark.
 */
export function formatIsolated(key: string, values: Record<string, string | number>): ReactNode {
  const texts: string[] = [];
  const marked: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) marked[name] = typeof value === 'string' ? `${MARK}${texts.push(value) - 1}${MARK}` : value;
  const parts = formatMessage(key, marked).split(MARK);
  return createElement(Fragment, null, ...parts.map((part, index) => (index % 2 === 1 ? createElement('bdi', null, texts[Number(part)]) : part)));
}
