import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { twMerge } from 'tailwind-merge';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { BrandLogo } from '../../src/client/components/BrandLogo';
import { buttonVariants } from '../../src/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../src/client/components/ui/card';
import { Skeleton } from '../../src/client/components/ui/skeleton';
import { mergeClasses } from '../../src/client/lib/class-merge';

/**
 * The primitives join their classes without tailwind-merge (decision 0106), so they must join
 * them as tailwind-merge would for every class name the store's code gives them.
 */
const clientDir = path.resolve(import.meta.dirname, '../../src/client');
const sources = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => readFileSync(path.join(clientDir, file), 'utf8'));

/** Each class name given to the component in the code: a literal, or each literal of an expression. */
function classNamesGivenTo(component: string): string[] {
  const usage = new RegExp(`<${component}\\b(?:[^<>]|=>)*?\\sclassName=(?:"([^"]*)"|\\{((?:[^{}]|\\{[^{}]*\\})*)\\})`, 'g');
  const found = new Set<string>(['']);
  for (const source of sources) {
    for (const [, literal, expression] of source.matchAll(usage)) {
      if (literal !== undefined) found.add(literal);
      for (const [, quoted] of (expression ?? '').matchAll(/'([^']*)'/g)) found.add(quoted!);
    }
  }
  return [...found];
}

const sorted = (classes: string) => classes.split(/\s+/).filter(Boolean).sort().join(' ');

describe('mergeClasses', () => {
  it('lets a later class win over an earlier one of its kind and modifiers, and keeps the others', () => {
    expect(mergeClasses('h-10 px-4 py-2 whitespace-nowrap', 'h-auto whitespace-normal')).toBe('px-4 py-2 h-auto whitespace-normal');
    expect(mergeClasses('inline-flex justify-center', 'hidden lg:inline-flex justify-start')).toBe('hidden lg:inline-flex justify-start');
    expect(mergeClasses('p-6 pt-0', 'p-4')).toBe('p-4');
    expect(mergeClasses('px-4', 'p-2 px-3')).toBe('p-2 px-3');
  });

  it("joins every Button's classes as tailwind-merge does, for each variant, size and class name in the code", () => {
    const classNames = classNamesGivenTo('Button');
    expect(classNames.length).toBeGreaterThan(20);
    for (const variant of ['default', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const) {
      for (const size of ['default', 'sm', 'lg', 'icon'] as const) {
        for (const className of classNames) {
          const joined = buttonVariants({ variant, size, className });
          expect(sorted(mergeClasses(joined)), `${variant} ${size} "${className}"`).toBe(sorted(twMerge(joined)));
        }
      }
    }
  });

  it('joins the other primitives\' classes as tailwind-merge does, for each class name in the code', () => {
    const primitives: Array<[string, ComponentType<{ className?: string }>]> = [
      ['Card', Card],
      ['CardHeader', CardHeader],
      ['CardDescription', CardDescription],
      ['CardContent', CardContent],
      ['Skeleton', Skeleton],
      ['BrandLogo', BrandLogo],
    ];
    for (const [name, component] of primitives) {
      const base = /class="([^"]*)"/.exec(renderToStaticMarkup(createElement(Router, { ssrPath: '/', children: createElement(component) })))![1]!;
      for (const className of classNamesGivenTo(name)) {
        expect(sorted(mergeClasses(base, className)), `${name} "${className}"`).toBe(sorted(twMerge(base, className)));
      }
    }
  });
});
