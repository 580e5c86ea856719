import { EPREL_GROUP_PRODUCT, type EprelProduct, type OpfProduct, type ScannedCode } from '@ecofoyer/contracts';
import type { IdentifiedFields } from '../../lib/slots.tsx';
import { fetchEanProduct } from './api/ean-product.ts';
import { fetchEprelProduct } from './api/eprel-product.ts';

/** What a scanned code identified, with where it comes from. */
export type Identified = { kind: 'eprel'; product: EprelProduct } | { kind: 'ean'; product: OpfProduct };

/** The label's QR code asks EPREL; a barcode asks Open Products Facts. */
export async function identify(code: ScannedCode): Promise<Identified> {
  return code.kind === 'eprel'
    ? { kind: 'eprel', product: await fetchEprelProduct(code.numero) }
    : { kind: 'ean', product: await fetchEanProduct(code.ean) };
}

/**
 * As an appliance's fields. A barcode gives a product's name, not its model reference: the name
 * stands in for the model, for the user to correct before saving.
 */
export function fieldsOf(found: Identified): IdentifiedFields {
  if (found.kind === 'eprel') {
    const p = found.product;
    return {
      marque: p.marque,
      modele: p.modele,
      classenergie: p.classeEnergie,
      energy_kwh_year: p.kwhAn,
      eprel_number: p.numeroEprel,
      ean: null,
      productSlug: EPREL_GROUP_PRODUCT[p.groupe] ?? null,
    };
  }
  const p = found.product;
  return { marque: p.marque, modele: p.nom, classenergie: null, energy_kwh_year: null, eprel_number: null, ean: p.ean, productSlug: null };
}
