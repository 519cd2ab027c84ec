import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { trialBudgetField, type TrialBudget, type TrialWeek } from '#contract/trials';
import { Button } from '../../../components/ui/button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageOr } from '../../../lib/api';
import { count } from '../shared/admin-view';
import { EmptyState } from '../shared/EmptyState';
import { useSetTrialBudget, useTrialBudget, useTrialConversion } from './trial-queries';

const panel = 'grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6';
// An empty field is refused, not read as 0 (which would pause trials).
const budgetFormSchema = z.object({
  dailyBudget: z.string().trim().min(1, 'Enter a number from 0 to 10000').transform(Number).pipe(trialBudgetField),
});

const rate = (week: TrialWeek) => (week.conversionPercent === null ? '—' : `${week.conversionPercent.toFixed(1)}%`);

/** The owner's daily trial budget (decision 0101): past it the trial buttons say trials are paused today. */
function BudgetForm({ budget }: { budget: TrialBudget }) {
  const save = useSetTrialBudget();
  const form = useForm<z.input<typeof budgetFormSchema>, unknown, z.output<typeof budgetFormSchema>>({
    resolver: zodResolver(budgetFormSchema),
    defaultValues: { dailyBudget: String(budget.dailyBudget) },
  });
  const error = form.formState.errors.dailyBudget?.message;
  const submit = ({ dailyBudget }: z.output<typeof budgetFormSchema>) =>
    save.mutate(dailyBudget, {
      onError: (failure) => form.setError('dailyBudget', { message: messageOr(failure, 'The budget could not be saved. Please try again.') }, { shouldFocus: true }),
    });
  return (
    <form className={panel} aria-labelledby="trial-budget" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <h3 id="trial-budget" className="text-lg font-semibold">
        Daily trial budget
      </h3>
      <p className="tabular text-sm text-muted-foreground" data-testid="trials-today">
        {count(budget.startedToday)} of {count(budget.dailyBudget)} free trials started today ({budget.day}, the store&apos;s day).
        {budget.startedToday >= budget.dailyBudget && ' The trial buttons say trials are paused today.'}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id="trial-daily-budget" label="Free trials a day (0 to 10000)" error={error}>
          <Input type="number" inputMode="numeric" min={0} max={10000} className="w-40" {...invalidProps('trial-daily-budget', error)} {...form.register('dailyBudget')} />
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Budget'}
        </Button>
      </div>
    </form>
  );
}

function ConversionWeeks({ weeks }: { weeks: TrialWeek[] }) {
  if (weeks.every((week) => week.trialsStarted === 0)) {
    return (
      <EmptyState icon={<Sparkles aria-hidden="true" />} title="No free trials yet">
        Weeks appear here once customers start free trials.
      </EmptyState>
    );
  }
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 font-medium">Week</th>
              <th scope="col" className="py-2 font-medium">Starts</th>
              <th scope="col" className="py-2 text-right font-medium">Trials started</th>
              <th scope="col" className="py-2 text-right font-medium">Paid afterwards</th>
              <th scope="col" className="py-2 text-right font-medium">Conversion</th>
            </tr>
          </thead>
          <tbody className="tabular">
            {weeks.map((week) => (
              <tr key={week.week} className="border-t border-border" data-testid="trial-week">
                <th scope="row" className="py-2 text-left font-medium">{week.week}</th>
                <td className="py-2">{week.weekStart}</td>
                <td className="py-2 text-right">{count(week.trialsStarted)}</td>
                <td className="py-2 text-right">{count(week.paidAfterTrial)}</td>
                <td className="py-2 text-right">{rate(week)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden" aria-label="Trials by week">
        {weeks.map((week) => (
          <li key={week.week} className="grid gap-1 rounded-xl border border-border p-3 text-sm">
            <p className="font-semibold">
              {week.week} <span className="font-normal text-muted-foreground">from {week.weekStart}</span>
            </p>
            <p className="tabular text-muted-foreground">
              {count(week.trialsStarted)} started · {count(week.paidAfterTrial)} paid · {rate(week)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sales > Trials (decision 0101): the daily budget, and how trials turned into paying customers by ISO week. */
export function TrialsTab() {
  const budget = useTrialBudget();
  const conversion = useTrialConversion();
  return (
    <div className="grid min-w-0 gap-4">
      {budget.data ? (
        <BudgetForm key={budget.data.dailyBudget} budget={budget.data} />
      ) : budget.isError ? (
        <p className="text-sm text-destructive" role="alert">The trial budget could not be loaded.</p>
      ) : (
        <Skeleton className="h-40 rounded-2xl" />
      )}
      <section className={panel} aria-labelledby="trial-conversion">
        <div className="grid gap-1">
          <h3 id="trial-conversion" className="text-lg font-semibold">
            Trials to paid, by week
          </h3>
          <p className="text-sm text-muted-foreground">
            Free trials started each ISO week{conversion.data ? ` (${conversion.data.timeZone})` : ''}, and how many of those customers paid for an order afterwards, at any time since.
          </p>
        </div>
        {conversion.data ? (
          <ConversionWeeks weeks={conversion.data.weeks} />
        ) : conversion.isError ? (
          <p className="text-sm text-destructive" role="alert">The conversion could not be loaded.</p>
        ) : (
          <Skeleton className="h-48 rounded-xl" />
        )}
      </section>
    </div>
  );
}
