import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { newStaffSchema, STAFF_ROLES, type StaffMember } from '#contract/admin-staff';
import { Button } from '../../../components/ui/button';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { messageOr } from '../../../lib/api';
import { adminDate, adminDateTime } from '../shared/admin-view';
import { useStoreTimeZone } from '../shared/store-time-zone';
import { useStaffActions, useStaffList, useStaffSettings, type StaffActions } from './staff-queries';

const panel = 'grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6';
const SELECT_CLASS = 'h-10 rounded-lg border border-input bg-background/60 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** What each role opens, as the server's routes declare it (decision 0098). */
const ROLE_HINT = 'Owner: everything. Support: customers, subscriptions, devices, renewals, reading orders. Fulfilment: gift cards, shipments, reading orders.';

function AddStaff({ actions }: { actions: StaffActions }) {
  const form = useForm<z.input<typeof newStaffSchema>, unknown, z.output<typeof newStaffSchema>>({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { username: '', password: '', role: 'support' },
  });
  const { errors } = form.formState;
  const add = (member: z.output<typeof newStaffSchema>) =>
    actions.add.mutate(member, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setError('username', { message: messageOr(error, 'The staff member could not be added.') }, { shouldFocus: true }),
    });
  return (
    <form className={panel} aria-labelledby="add-staff" noValidate onSubmit={(event) => void form.handleSubmit(add)(event)}>
      <h3 id="add-staff" className="text-lg font-semibold">
        Add a staff member
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="staff-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="off" {...invalidProps('staff-username', errors.username?.message)} {...form.register('username')} />
        </FormField>
        <FormField id="staff-role" label="Role" error={errors.role?.message}>
          <select className={SELECT_CLASS} {...invalidProps('staff-role', errors.role?.message)} {...form.register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="staff-password" label="Initial password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...invalidProps('staff-password', errors.password?.message)} {...form.register('password')} />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">{ROLE_HINT} The new member changes the password at first sign-in.</p>
      <Button type="submit" className="justify-self-start" disabled={actions.add.isPending}>
        <UserPlus aria-hidden="true" />
        {actions.add.isPending ? 'Adding...' : 'Add Staff Member'}
      </Button>
    </form>
  );
}

function MemberCard({ member, actions }: { member: StaffMember; actions: StaffActions }) {
  const timeZone = useStoreTimeZone();
  const roleId = `staff-role-${member.id}`;
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="staff-member">
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="break-words font-semibold">
          {member.username}
          {member.disabled && <span className="ml-2 text-destructive">Disabled</span>}
          {member.passwordChangeRequired && <span className="ml-2 text-warning">Password change pending</span>}
        </p>
        <p className="text-muted-foreground">
          Two-factor {member.twoFactor ? 'on' : 'off'} · Last sign-in {member.lastSignInAt ? adminDateTime(member.lastSignInAt, timeZone) : 'never'} · Added{' '}
          {adminDate(member.createdAt, timeZone)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role of {member.username}
        </label>
        <select
          id={roleId}
          className={SELECT_CLASS}
          value={member.role}
          disabled={actions.change.isPending}
          onChange={(event) => actions.change.mutate({ id: member.id, changes: { role: event.target.value as StaffMember['role'] } })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <Button variant="outline" disabled={actions.change.isPending} onClick={() => actions.change.mutate({ id: member.id, changes: { disabled: !member.disabled } })}>
          {member.disabled ? `Enable ${member.username}` : `Disable ${member.username}`}
        </Button>
      </div>
    </li>
  );
}

/** The owner's rule: every member signs in with two factors. */
function TwoFactorRule({ actions }: { actions: StaffActions }) {
  const settings = useStaffSettings();
  const required = settings.data?.twoFactorRequired ?? false;
  return (
    <div className={`${panel} sm:grid-cols-[1fr_auto] sm:items-center`}>
      <div className="grid gap-1">
        <p id="require-two-factor" className="font-semibold">
          Require two-factor sign-in for all staff
        </p>
        <p className="text-sm text-muted-foreground">A member without it, you included, can only set it up until it is on.</p>
      </div>
      <Switch aria-labelledby="require-two-factor" checked={required} disabled={!settings.data || actions.requireTwoFactor.isPending} onClick={() => actions.requireTwoFactor.mutate(!required)} />
    </div>
  );
}

/** System > Staff (decision 0098): the owner's staff, their roles, and the two-factor rule. */
export function StaffTab() {
  const staff = useStaffList();
  const actions = useStaffActions();
  return (
    <div className="grid min-w-0 gap-4">
      <TwoFactorRule actions={actions} />
      <AddStaff actions={actions} />
      <section className={panel} aria-labelledby="staff-list">
        <h3 id="staff-list" className="text-lg font-semibold">
          Staff
        </h3>
        {staff.data ? (
          <ul className="grid gap-2">
            {staff.data.map((member) => (
              <MemberCard key={member.id} member={member} actions={actions} />
            ))}
          </ul>
        ) : (
          <Skeleton className="h-32 rounded-xl" />
        )}
      </section>
    </div>
  );
}
