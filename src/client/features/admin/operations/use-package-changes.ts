import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPackageSchema, type AdminPackage, type PackageChanges } from '#contract/admin-packages';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';
import { dollars } from '../shared/admin-view';
import { listPricesLine } from './package-prices';

type Changes = PackageChanges;

const titleOf = (changes: Changes, hidden: boolean) => {
  if (Object.keys(changes).length === 1 && changes.hidden !== undefined) return hidden ? 'Package Hidden' : 'Package Shown';
  return 'Package Saved';
};

/** '$15.99 (€14.99 · £12.99 · BRL —)': its USD price and its other currencies' (decision 0104); the free trial's is free in all. */
const pricesOf = (saved: AdminPackage) => (saved.prices && saved.price !== '0.00' ? `${dollars(saved.price)} (${listPricesLine(saved)})` : dollars(saved.price));

/** PATCH /api/admin/packages/:id, confirmed by a toast; the landing page and the next checkout use the change at once. */
export function usePackageChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Changes }) => api(adminApiRoutes.package(id), { method: 'PATCH', body: changes, schema: adminPackageSchema }),
    onSuccess: (saved, { changes }) =>
      toast({
        title: titleOf(changes, saved.hidden),
        description: saved.hidden ? `${saved.name} is hidden from the landing page and checkout.` : `${saved.name} sells at ${pricesOf(saved)} from the next checkout.`,
      }),
    onError: (error) => toast({ title: 'Package Not Saved', description: messageOr(error, 'The package could not be saved. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.packages }),
  });
}

export type PackageChangesMutation = ReturnType<typeof usePackageChanges>;
