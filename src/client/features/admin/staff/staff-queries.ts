import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffListSchema, staffMemberSchema, staffSettingsSchema, type NewStaff, type StaffChanges } from '#contract/admin-staff';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';

export function useStaffList() {
  return useQuery({ queryKey: adminKeys.staff, queryFn: () => api(adminApiRoutes.staff, { schema: staffListSchema }), staleTime: 0 });
}

export function useStaffSettings() {
  return useQuery({ queryKey: adminKeys.staffSettings, queryFn: () => api(adminApiRoutes.staffSettings, { schema: staffSettingsSchema }), staleTime: 0 });
}

/** Adding a member, changing one, and the two-factor rule; each refused in the server's words by a toast. */
export function useStaffActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: adminKeys.staff });
  const failed = (title: string) => (error: unknown) => toast({ title, description: messageOr(error, 'Please try again.'), variant: 'destructive' });

  const add = useMutation({
    mutationFn: (member: NewStaff) => api(adminApiRoutes.staff, { method: 'POST', body: member, schema: staffMemberSchema }),
    onSuccess: (member) => toast({ title: 'Staff Member Added', description: `${member.username} changes the password at first sign-in.` }),
    onSettled: settled,
  });
  const change = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: StaffChanges }) => api(adminApiRoutes.staffMember(id), { method: 'PATCH', body: changes, schema: staffMemberSchema }),
    onSuccess: (member) => toast({ title: 'Staff Member Changed', description: `${member.username}: ${member.role}${member.disabled ? ', disabled' : ''}` }),
    onError: failed('Not Changed'),
    onSettled: settled,
  });
  const requireTwoFactor = useMutation({
    mutationFn: (twoFactorRequired: boolean) => api(adminApiRoutes.staffSettings, { method: 'PATCH', body: { twoFactorRequired }, schema: staffSettingsSchema }),
    onSuccess: ({ twoFactorRequired }) => toast({ title: twoFactorRequired ? 'Two-Factor Sign-In Required' : 'Two-Factor Sign-In Optional' }),
    onError: failed('Not Changed'),
    // The owner is staff too: the rule may ask them to set it up now.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.staffSettings }), queryClient.invalidateQueries({ queryKey: adminKeys.session })]),
  });
  return { add, change, requireTwoFactor };
}
export type StaffActions = ReturnType<typeof useStaffActions>;
