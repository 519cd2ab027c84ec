import { X } from 'lucide-react';
import { useFieldArray, useFormState } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import type { CheckoutForm } from './checkout-form';

/** A MAG box's MAC (its first three pairs are Infomir's, the contract's MAG_MAC_PREFIX), written here so the page loads no zod (decision 0024). */
const MAC_EXAMPLE = '00:1A:79:12:34:56';

/**
 * "A MAG / Enigma2 box", under the number of devices: each box named by its MAC address takes
 * the place of one of the order's devices and signs in at the portal address instead of with
 * a username and password. The MACs are checked with the contract's rules when the form is
 * validated. (No icon of its own: a new one here moved the landing page's icons into a
 * bigger shared chunk, past its budget.)
 */
export function SetTopBoxFields({ form, deviceCount }: { form: CheckoutForm; deviceCount: number }) {
  const boxes = useFieldArray({ control: form.control, name: 'setTopBoxes' });
  // Its own subscription to the boxes' errors: the section holding it skips the form's other renders (decision 0054).
  const errors = useFormState({ control: form.control, name: 'setTopBoxes' }).errors.setTopBoxes;
  const listError = errors?.message ?? errors?.root?.message;
  const full = boxes.fields.length >= deviceCount;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-3" aria-describedby="set-top-boxes-help">
      <legend className="px-1 text-sm font-medium">{t('payment.boxes.legend')}</legend>
      <p id="set-top-boxes-help" className="text-sm text-muted-foreground">
        {t('payment.boxes.help')}
      </p>
      {boxes.fields.map((field, index) => {
        const id = `setTopBoxes.${index}.mac`;
        const error = errors?.[index]?.mac?.message;
        const removeLabel = formatMessage('payment.boxes.remove', { number: index + 1 });
        return (
          <div key={field.id} className="flex items-start gap-2">
            <FormField id={id} label={formatMessage('payment.boxes.mac', { number: index + 1 })} error={error} className="min-w-0 flex-1">
              <Input dir="ltr" placeholder={MAC_EXAMPLE} autoComplete="off" spellCheck={false} className="font-mono" {...invalidProps(id, error)} {...form.register(`setTopBoxes.${index}.mac`)} />
            </FormField>
            <Button type="button" variant="ghost" size="icon" className="mt-6 shrink-0" aria-label={removeLabel} title={removeLabel} onClick={() => boxes.remove(index)}>
              <X aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      {listError && (
        <p className="text-sm text-destructive" role="alert">
          {listError}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => boxes.append({ mac: '' })}>
          {t('payment.boxes.add')}
        </Button>
        {full && <p className="mt-2 text-xs text-muted-foreground">{t('payment.boxes.full')}</p>}
      </div>
    </fieldset>
  );
}
