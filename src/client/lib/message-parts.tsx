import { Fragment, type ReactNode } from 'react';
import { t } from './i18n';

/**
 * A message whose arguments are elements (a link, a package's name in <bdi>), each placed where
 * the language puts it (decision 0112): the catalogue writes `{name}` and the node takes its
 * place. Plain arguments only; plurals and numbers go through formatMessage.
 */
export function messageParts(key: string, parts: Record<string, ReactNode>): ReactNode[] {
  // split() with a capturing group puts each argument's name at the odd places.
  return t(key)
    .split(/\{(\w+)\}/)
    .map((piece, index) => <Fragment key={index}>{index % 2 === 1 ? parts[piece] : piece}</Fragment>);
}
