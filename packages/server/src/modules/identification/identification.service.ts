import { API_MSG, type ElectricityTariff, type EprelProduct, type OpfProduct } from '@ecofoyer/contracts';
import { notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { EprelClient, Lookup } from './eprel-client.ts';
import type { OpfClient } from './opf-client.ts';

/** A lookup's product, or the French answer the wizard shows before it turns manual. */
function answer<T>(lookup: Lookup<T>, messages: { notFound: string; unavailable: string }, code: string): T {
  if ('found' in lookup) return lookup.found;
  if ('notFound' in lookup) throw notFound(messages.notFound, 'PRODUCT_NOT_FOUND');
  throw serviceUnavailable(
    messages.unavailable,
    `${code}_${lookup.unavailable === 'off' ? 'OFF' : lookup.unavailable === 'timeout' ? 'TIMEOUT' : 'UNAVAILABLE'}`,
  );
}

/**
 * Identifying an appliance from its energy label or its barcode, and the electricity
 * price its running cost is counted at. Nothing is saved here: the user confirms what was found,
 * and the appliance is saved by the appliances module.
 */
export class IdentificationService {
  constructor(private readonly deps: { eprel: EprelClient; opf: OpfClient; tariff: ElectricityTariff }) {}

  async eprel(numero: string): Promise<EprelProduct> {
    return answer(
      await this.deps.eprel.product(numero),
      { notFound: API_MSG.eprelProductNotFound, unavailable: API_MSG.eprelUnavailable },
      'EPREL',
    );
  }

  async ean(ean: string): Promise<OpfProduct> {
    return answer(await this.deps.opf.product(ean), { notFound: API_MSG.eanProductNotFound, unavailable: API_MSG.opfUnavailable }, 'OPF');
  }

  tariff(): ElectricityTariff {
    return this.deps.tariff;
  }
}
