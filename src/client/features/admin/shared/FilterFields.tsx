import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { OptionSelect } from '../../../components/ui/select';

/** The admin lists' filter fields: a labelled select, date or text box over a list, each one column of its filter row. */

// Radix's select has no empty value: this one stands for 'no filter'.
export const ANY = 'any';

export function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: Array<{ value: string; label: string }> }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <OptionSelect id={id} className="h-9" value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : next)} options={options} />
    </div>
  );
}

export function FilterInput({ id, label, type = 'text', value, onChange, placeholder }: { id: string; label: string; type?: 'text' | 'date' | 'search'; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type={type} className="h-9" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
