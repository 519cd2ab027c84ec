import { Eye, Save } from 'lucide-react';
import { useState } from 'react';
import type { AdminPolicy } from '#contract/policies';
import { POLICY_NAMES, POLICY_TITLES, policyPage, isPolicyName, type PolicyName } from '#contract/policy-paths';
import { PolicyHtml } from '../../../components/PolicyHtml';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useUrlParams } from '../shared/use-url-params';
import { usePolicies, usePolicyActions, type PolicyActions } from './policy-queries';

const FIELD_CLASS =
  'min-h-80 w-full rounded-lg border border-input bg-background/60 px-3 py-2 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const panel = 'grid min-w-0 content-start gap-3 rounded-2xl border border-border bg-card p-4 sm:p-6';

function VersionHistory({ policy }: { policy: AdminPolicy }) {
  const timeZone = useStoreTimeZone();
  return (
    <section className={panel} aria-labelledby="policy-versions">
      <h3 id="policy-versions" className="font-semibold">
        Versions
      </h3>
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Version</th>
            <th scope="col" className="py-1 pr-3 font-medium">Date</th>
            <th scope="col" className="py-1 font-medium">Author</th>
          </tr>
        </thead>
        <tbody>
          {policy.versions.map((version) => (
            <tr key={version.version} className="border-t border-border">
              <td className="py-2 pr-3 tabular-nums">
                {version.version}
                {version.version === policy.version && <span className="ml-2 text-xs text-success">Live</span>}
              </td>
              <td className="py-2 pr-3">{version.createdAt ? adminDateTime(version.createdAt, timeZone) : 'Store default'}</td>
              <td className="break-all py-2">{version.createdBy ?? 'StreamPlus'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One policy's editor: its Markdown, a preview rendered by the server, and Save as the next version. */
function PolicyEditor({ policy, actions }: { policy: AdminPolicy; actions: PolicyActions }) {
  const [markdown, setMarkdown] = useState(policy.markdown);
  const [previewHtml, setPreviewHtml] = useState(policy.html);
  const id = `policy-${policy.name}-markdown`;
  const changed = markdown !== policy.markdown;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <form
        className={panel}
        aria-label={`Edit the ${policy.title}`}
        onSubmit={(event) => {
          event.preventDefault();
          actions.save.mutate({ name: policy.name, markdown }, { onSuccess: (saved) => setPreviewHtml(saved.html) });
        }}
      >
        <FormField id={id} label={`${policy.title} (Markdown)`}>
          <textarea id={id} className={FIELD_CLASS} value={markdown} onChange={(event) => setMarkdown(event.target.value)} spellCheck />
        </FormField>
        <p className="text-xs text-muted-foreground">
          Headings with #, lists with -, links as [text](https://...). HTML is shown as text. Live at{' '}
          <a href={policyPage(policy.name)} target="_blank" rel="noopener noreferrer" className="text-accent underline">
            {policyPage(policy.name)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          , version {policy.version}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={actions.preview.isPending} onClick={() => actions.preview.mutate(markdown, { onSuccess: ({ html }) => setPreviewHtml(html) })}>
            <Eye aria-hidden="true" /> {actions.preview.isPending ? 'Rendering...' : 'Preview'}
          </Button>
          <Button type="submit" disabled={!changed || actions.save.isPending}>
            <Save aria-hidden="true" /> {actions.save.isPending ? 'Saving...' : 'Save as New Version'}
          </Button>
        </div>
      </form>
      <section className={panel} aria-labelledby="policy-preview">
        <h3 id="policy-preview" className="text-sm font-semibold text-muted-foreground">
          Preview
        </h3>
        <PolicyHtml html={previewHtml} />
      </section>
      <VersionHistory policy={policy} />
    </div>
  );
}

/**
 * The store's policies (decision 0097): the terms, privacy and refund policies buyers read at
 * /terms, /privacy and /refund-policy, each edited as Markdown; a save is the next version, and
 * an order records the versions its buyer agreed to. The policy shown is the address's ?policy=.
 */
export function PoliciesTab() {
  const policies = usePolicies();
  const actions = usePolicyActions();
  const { params, set } = useUrlParams();
  const asked = params.get('policy') ?? '';
  const name: PolicyName = isPolicyName(asked) ? asked : 'terms';
  const policy = policies.data?.find((candidate) => candidate.name === name);

  return (
    <div className="grid min-w-0 gap-4">
      <nav aria-label="Policies" className="flex flex-wrap gap-2">
        {POLICY_NAMES.map((candidate) => (
          <Button
            key={candidate}
            variant={candidate === name ? 'default' : 'outline'}
            size="sm"
            aria-current={candidate === name ? 'page' : undefined}
            onClick={() => set({ policy: candidate === 'terms' ? null : candidate }, { replace: true })}
          >
            {POLICY_TITLES[candidate]}
          </Button>
        ))}
      </nav>
      {policy ? (
        // Keyed by name and version, so a saved or switched policy starts from its own text.
        <PolicyEditor key={`${policy.name}:${policy.version}`} policy={policy} actions={actions} />
      ) : policies.isError ? (
        <p className={cn(panel, 'text-sm')} role="alert">
          The policies could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void policies.refetch()}>
            Try Again
          </Button>
        </p>
      ) : (
        <div className="grid gap-3" role="status" aria-label="Loading">
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      )}
    </div>
  );
}
