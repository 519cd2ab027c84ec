import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PolicyName } from '#contract/policy-paths';
import { publicPolicySchema } from '#contract/policies';
import { BrandLogo } from '../../components/BrandLogo';
import { MAIN_ID } from '../../components/SkipLink';
import { PolicyHtml } from '../../components/PolicyHtml';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, getQueryFn } from '../../lib/api';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, useMessages } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A policy's date as the page's language writes it ('December 4, 2026' in English). */
const dateOf = (iso: string) => new Intl.DateTimeFormat(pageLocale(), { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

/**
 * /terms, /privacy and /refund-policy (decision 0097): the version in force of the owner's text,
 * for anyone, rendered on the server. Loading, a failure with a retry, and a policy not found.
 * The frame speaks the page's language; the policy's text is the owner's, as written.
 */
export function PolicyView({ name }: { name: PolicyName }) {
  const t = useMessages('policies');
  const title = t(`policies.title.${name}`);
  useDocumentTitle(title);
  const policy = useQuery({ queryKey: queryKeys.policy(name), queryFn: getQueryFn({ schema: publicPolicySchema }), retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2 });
  const answer = policy.data;
  const notFound = policy.error instanceof ApiError && policy.error.status === 404;

  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex min-h-screen w-full max-w-3xl flex-col gap-8 px-4 py-10 focus:outline-none">
      <BrandLogo className="self-start" />
      {answer ? (
        <article className="grid min-w-0 gap-2" aria-label={title}>
          {/* The owner's text is in the owner's language: its own direction, so English stays left to right on an Arabic page (decision 0112). */}
          <div dir="auto" className="min-w-0">
            <PolicyHtml html={answer.html} />
          </div>
          <p className="mt-6 text-xs text-muted-foreground" data-testid="policy-version">
            {answer.updatedAt
              ? formatMessage('policies.versionUpdated', { version: String(answer.version), date: dateOf(answer.updatedAt) })
              : formatMessage('policies.version', { version: String(answer.version) })}
          </p>
        </article>
      ) : notFound ? (
        <div className="grid gap-2" role="alert">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{t('policies.notFound')}</p>
        </div>
      ) : policy.isError ? (
        <div className="grid gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
            <p>{t(`policies.loadFailed.${name}`)}</p>
            <Button variant="outline" size="sm" onClick={() => void policy.refetch()}>
              {t('policies.tryAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4" role="status" aria-label={t('policies.loading')}>
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      )}
      <Link href="/" className="self-start text-sm text-muted-foreground hover:text-foreground">
        {t('policies.backToStore')}
      </Link>
    </main>
  );
}
