import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPackageSchema, type PackageChanges } from '#contract/admin-packages';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

type Changes = PackageChanges;

const titleOf = (changes: Changes, hidden: boolean) => {
  if (Object.keys(changes).length === 1 && changes.hidden !== undefined) return hidden ? 'Package Hidden' : 'Package Shown';
  return 'Package Saved';
};

/** PATCH /api/admin/packages/:id, confirmed by a toast; the landing page and the next checkout use the change at once. */
export function usePackageChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Changes }) =>
      adminPackageSchema.parse(await (await apiRequest('PATCH', `${adminKeys.packages[0]}/${encodeURIComponent(id)}`, changes)).json()),
    onSuccess: (saved, { changes }) =>
      toast({
        title: titleOf(changes, saved.hidden),
        description: saved.hidden ? `${saved.name} is hidden from the landing page and checkout.` : `${saved.name} sells at $${saved.price} from the next checkout.`,
      }),
    onError: (error) => toast({ title: 'Package Not Saved', description: serverMessage(error, 'The package could not be saved. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }),
  });
}

export type PackageChangesMutation = ReturnType<typeof usePackageChanges>;
