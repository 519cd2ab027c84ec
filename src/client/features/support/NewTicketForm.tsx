import { useState, type FormEvent } from 'react';
import { ATTACHMENTS_PER_MESSAGE, CHANNEL_MAX, MESSAGE_MAX, SUBJECT_MAX, TICKET_CATEGORIES, type CreatedTicket, type TicketCategory } from '#contract/support';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { messageOr } from '../../lib/api';
import { formatMessage } from '../../lib/format-message';
import { useMessages } from '../../lib/i18n';
import { useNewTicket } from './support-api';

const SELECT_CLASS = 'h-10 w-full rounded-lg border border-input bg-background px-3 text-sm';
const ORDER_ID_EXAMPLE = 'SP-1234567890-123';
const CHANNEL_EXAMPLE = 'ESPN HD';
const TEXTAREA_CLASS = 'min-h-32 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm';

export interface DeviceChoice {
  id: string;
  name: string;
}

/** The images a message may carry, checked here as the server checks them (it decides by their bytes). */
export function AttachmentsField({ id, files, onChange }: { id: string; files: File[]; onChange: (files: File[]) => void }) {
  useMessages('support');
  return (
    <FormField id={id} label={formatMessage('support.form.images', { count: ATTACHMENTS_PER_MESSAGE })}>
      <input
        id={id}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp"
        className="block w-full min-w-0 text-sm text-muted-foreground file:me-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-foreground"
        onChange={(event) => onChange(Array.from(event.target.files ?? []).slice(0, ATTACHMENTS_PER_MESSAGE))}
      />
      {files.length > 0 && <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{files.map((file) => file.name).join(', ')}</p>}
    </FormField>
  );
}

/**
 * A new ticket (decision 0102): signed in, with one of the customer's devices; as a guest,
 * with the order's email and ID, confirmed by an emailed link before anyone reads it.
 */
export function NewTicketForm({ guest, devices = [], onCreated }: { guest: boolean; devices?: DeviceChoice[]; onCreated: (created: CreatedTicket) => void }) {
  const [category, setCategory] = useState<TicketCategory>('device');
  const [files, setFiles] = useState<File[]>([]);
  const create = useNewTicket();
  const t = useMessages('support');
  const problem = create.isError ? messageOr(create.error, t('support.form.failed')) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const name of ['email', 'orderId', 'subject', 'message', 'deviceId', 'channel']) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim() !== '') fields[name] = value;
    }
    if (category !== 'channels') delete fields.channel;
    create.mutate({ fields: { ...fields, category }, files }, { onSuccess: onCreated });
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label={t('support.form.label')}>
      {guest && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="ticket-email" label={t('support.form.email')}>
            <Input id="ticket-email" name="email" type="email" autoComplete="email" required />
          </FormField>
          <FormField id="ticket-order" label={t('support.form.orderId')}>
            <Input id="ticket-order" name="orderId" placeholder={ORDER_ID_EXAMPLE} required />
          </FormField>
        </div>
      )}
      <FormField id="ticket-category" label={t('support.form.category')}>
        <select id="ticket-category" className={SELECT_CLASS} value={category} onChange={(event) => setCategory(event.target.value as TicketCategory)}>
          {TICKET_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`support.category.${value}`)}
            </option>
          ))}
        </select>
      </FormField>
      {!guest && devices.length > 0 && (
        <FormField id="ticket-device" label={t('support.form.device')}>
          <select id="ticket-device" name="deviceId" className={SELECT_CLASS} defaultValue="">
            <option value="">{t('support.form.noDevice')}</option>
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {category === 'channels' && (
        <FormField id="ticket-channel" label={t('support.form.channel')}>
          <Input id="ticket-channel" name="channel" maxLength={CHANNEL_MAX} placeholder={CHANNEL_EXAMPLE} />
        </FormField>
      )}
      <FormField id="ticket-subject" label={t('support.form.subject')}>
        <Input id="ticket-subject" name="subject" maxLength={SUBJECT_MAX} required minLength={3} />
      </FormField>
      <FormField id="ticket-message" label={t('support.form.message')}>
        <textarea id="ticket-message" name="message" className={TEXTAREA_CLASS} maxLength={MESSAGE_MAX} required />
      </FormField>
      <AttachmentsField id="ticket-files" files={files} onChange={setFiles} />
      {problem && (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('support.sending') : t('support.form.send')}
        </Button>
      </div>
    </form>
  );
}
