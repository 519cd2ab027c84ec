import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { INCIDENT_MESSAGE_MAX, INCIDENT_TITLE_MAX } from '#contract/admin-incidents';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { messageOr } from '../../../lib/api';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { useAdminPackages } from '../shared/use-admin-queries';
import type { IncidentActions } from './incident-queries';

interface Draft {
  title: string;
  message: string;
  everyPackage: boolean;
  packages: string[];
  notify: boolean;
}

const EMPTY: Draft = { title: '', message: '', everyPackage: true, packages: [], notify: false };

const FIELD_CLASS =
  'w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The packages an incident may name: every package the store has, hidden ones too (their subscriptions still run). */
function PackageChoice({ draft, setDraft }: { draft: Draft; setDraft: (draft: Draft) => void }) {
  const packages = useAdminPackages();
  const toggle = (id: string, on: boolean) => setDraft({ ...draft, packages: on ? [...draft.packages, id] : draft.packages.filter((chosen) => chosen !== id) });
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">Affected packages</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="incident-scope" className="size-4 accent-[var(--color-accent)]" checked={draft.everyPackage} onChange={() => setDraft({ ...draft, everyPackage: true })} />
        All packages
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="incident-scope" className="size-4 accent-[var(--color-accent)]" checked={!draft.everyPackage} onChange={() => setDraft({ ...draft, everyPackage: false })} />
        Only some packages
      </label>
      {!draft.everyPackage && (
        <div className="ml-6 grid gap-2" data-testid="incident-packages">
          {packages.isPending && <p className="text-sm text-muted-foreground">Loading the packages...</p>}
          {packages.isError && <p className="text-sm text-destructive">The packages could not be loaded.</p>}
          {packages.data?.map((pkg) => (
            <label key={pkg.id} className="flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-[var(--color-accent)]"
                checked={draft.packages.includes(pkg.id)}
                onChange={(event) => toggle(pkg.id, event.target.checked)}
              />
              <span className="break-words">{pkg.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * 'Post Incident': what the status page says, the packages it affects (or all), and whether
 * the customers it affects are emailed, once. What was typed stays when the server refuses it.
 */
export function PostIncidentDialog({ post }: { post: IncidentActions['post'] }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const someButNone = !draft.everyPackage && draft.packages.length === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) post.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Megaphone aria-hidden="true" />
          Post Incident
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Post Incident</DialogTitle>
          <DialogDescription>It shows on the public status page at once, which reads Degraded until you end it.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (someButNone) return;
            const body = { title: draft.title, message: draft.message, packages: draft.everyPackage ? null : draft.packages, notify: draft.notify };
            post.mutate(body, {
              onSuccess: () => {
                setOpen(false);
                setDraft(EMPTY);
              },
            });
          }}
        >
          <FormField id="incident-title" label="Title">
            <Input id="incident-title" required maxLength={INCIDENT_TITLE_MAX} autoComplete="off" value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} placeholder="Some channels are not playing" />
          </FormField>
          <FormField id="incident-message" label="Message">
            <textarea
              id="incident-message"
              required
              rows={4}
              maxLength={INCIDENT_MESSAGE_MAX}
              className={FIELD_CLASS}
              value={draft.message}
              onChange={(event) => setDraft({ ...draft, message: event.target.value })}
              placeholder="What customers notice, and what you are doing about it"
            />
          </FormField>
          <PackageChoice draft={draft} setDraft={setDraft} />
          {someButNone && <p className="text-sm text-destructive">Choose at least one package, or All packages.</p>}
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-[var(--color-accent)]"
                aria-describedby="incident-notify-hint"
                checked={draft.notify}
                onChange={(event) => setDraft({ ...draft, notify: event.target.checked })}
              />
              Email affected customers
            </label>
            <p id="incident-notify-hint" className="ml-6 text-sm text-muted-foreground">
              Once, to each customer with a running subscription it affects.
            </p>
          </div>
          {post.isError && (
            <p role="alert" className="text-sm text-destructive">
              {messageOr(post.error, 'The incident could not be posted. Please try again.')}
            </p>
          )}
          <FormDialogFooter pending={post.isPending} label="Post Incident" pendingLabel="Posting..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
