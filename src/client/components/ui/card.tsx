import type { HTMLAttributes } from 'react';
import { mergeClasses } from '../../lib/class-merge';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={mergeClasses('rounded-2xl border border-border bg-card text-card-foreground shadow-xl shadow-black/20', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={mergeClasses('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={mergeClasses('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={mergeClasses('p-6 pt-0', className)} {...props} />;
}
