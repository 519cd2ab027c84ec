import { Plus, Trash2, Tv } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField, invalidProps } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import type { CheckoutForm } from './checkout-form';
import { CheckoutSection } from './CheckoutSection';

/** A MAG box's MAC (its first three pairs are Infomir's, the contract's MAG_MAC_PREFIX), written here so the page loads no zod (decision 0024). */
const MAC_EXAMPLE = '00:1A:79:12:34:56';

/**
 * "A MAG / Enigma2 box": each box named by its MAC address takes the place of one of the
 * order's devices and signs in at the portal address instead of with a username and password.
 * The MACs are checked with the contract's rules when the form is validated.
 */
export function SetTopBoxSection({ form, deviceCount }: { form: CheckoutForm; deviceCount: number }) {
  const boxes = useFieldArray({ control: form.control, name: 'setTopBoxes' });
  const errors = form.formState.errors.setTopBoxes;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <CheckoutSection
      id="set-top-boxes"
      icon={Tv}
      title="Set-Top Boxes"
      description="Watching on a MAG or Enigma2 box? Add it by its MAC address (on the sticker under the box). Each box takes the place of one of your devices."
    >
      <div className="grid gap-3">
        {boxes.fields.map((field, index) => {
          const id = `setTopBoxes.${index}.mac`;
          const error = errors?.[index]?.mac?.message;
          return (
            <div key={field.id} className="flex items-start gap-2">
              <FormField id={id} label={`MAC address of box ${index + 1}`} error={error} className="min-w-0 flex-1">
                <Input placeholder={MAC_EXAMPLE} autoComplete="off" spellCheck={false} className="font-mono" {...invalidProps(id, error)} {...form.register(`setTopBoxes.${index}.mac`)} />
              </FormField>
              <Button type="button" variant="ghost" size="icon" className="mt-6 shrink-0" aria-label={`Remove box ${index + 1}`} title={`Remove box ${index + 1}`} onClick={() => boxes.remove(index)}>
                <Trash2 aria-hidden="true" />
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
          <Button type="button" variant="outline" size="sm" disabled={boxes.fields.length >= deviceCount} onClick={() => boxes.append({ mac: '' })}>
            <Plus aria-hidden="true" />A MAG / Enigma2 box
          </Button>
          {boxes.fields.length >= deviceCount && (
            <p className="mt-2 text-xs text-muted-foreground">Every device of this order is a box. Choose more devices to add another.</p>
          )}
        </div>
      </div>
    </CheckoutSection>
  );
}
