import type { HTMLAttributes } from 'react';
import { mergeClasses } from '../../lib/class-merge';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={mergeClasses('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
