import { ElectricityTariff } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

/** GET V1/energie/tarif: the regulated price an appliance's running cost is counted at (the appliance page's « Consommation et coût »); it changes with a deployment only. */
export function useElectricityTariff() {
  return useQuery({
    queryKey: ['energie', 'tarif'],
    queryFn: () => call('get', '/api/V1/energie/tarif', { schema: import.meta.env.DEV ? ElectricityTariff : undefined }),
    staleTime: Infinity,
  });
}
