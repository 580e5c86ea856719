import { API_BASE, OpfProduct } from '@ecofoyer/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET V1/identification/ean/{ean}: what Open Products Facts says of a barcode; nothing is saved. */
export function fetchEanProduct(ean: string): Promise<OpfProduct> {
  return api<OpfProduct>(`${API_BASE}/identification/ean/${encodeURIComponent(ean)}`, {
    schema: import.meta.env.DEV ? OpfProduct : undefined,
  });
}
