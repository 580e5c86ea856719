import { EprelProduct } from '@ecofoyer/contracts';
import { call } from '../../../lib/api-call.ts';

/** GET V1/identification/eprel/{numero}: what EPREL says of the label's model; nothing is saved. */
export function fetchEprelProduct(numero: string): Promise<EprelProduct> {
  return call('get', '/api/V1/identification/eprel/{numero}', {
    path: { numero },
    schema: import.meta.env.DEV ? EprelProduct : undefined,
  });
}
