import { OpfProduct } from '@ecofoyer/contracts';
import { call } from '../../../lib/api-call.ts';

/** GET V1/identification/ean/{ean}: what Open Products Facts says of a barcode; nothing is saved. */
export function fetchEanProduct(ean: string): Promise<OpfProduct> {
  return call('get', '/api/V1/identification/ean/{ean}', {
    path: { ean },
    schema: import.meta.env.DEV ? OpfProduct : undefined,
  });
}
