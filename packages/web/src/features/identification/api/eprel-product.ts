import { API_BASE, EprelProduct } from '@ecofoyer/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET V1/identification/eprel/{numero}: what EPREL says of the label's model; nothing is saved. */
export function fetchEprelProduct(numero: string): Promise<EprelProduct> {
  return api<EprelProduct>(`${API_BASE}/identification/eprel/${encodeURIComponent(numero)}`, {
    schema: import.meta.env.DEV ? EprelProduct : undefined,
  });
}
