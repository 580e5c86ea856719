import { useSearchParams } from 'react-router';
import { positiveInt } from '../../../lib/query-params.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { FAMILY_LABELS, FAMILY_OF_PRODUCT } from '../../references/device-families.ts';

/** The device being replaced (?appliance=) or the kind of product wanted (?prod=), through the re-equip flow. */
export function useRenewDevice() {
  const [params] = useSearchParams();
  const applianceId = positiveInt(params.get('appliance'));
  const appliance = useAppliance(applianceId);
  const products = useRefProducts();
  const product = products.data?.find((p) => p.id === (appliance.data?.prod_id ?? positiveInt(params.get('prod'))));
  const family = product ? (FAMILY_OF_PRODUCT[product.slug] ?? null) : null;
  const query = new URLSearchParams({
    ...(appliance.data ? { appliance: String(appliance.data.id) } : {}),
    ...(product ? { prod: String(product.id) } : {}),
  }).toString();
  return {
    appliance: appliance.data ?? null,
    product: product ?? null,
    family,
    familyLabel: family ? FAMILY_LABELS[family] : null,
    name: appliance.data?.name ?? product?.prodName ?? null,
    /** `path` with the device kept in the query. */
    to: (path: string) => (query ? `${path}?${query}` : path),
    loading: products.isPending || Boolean(applianceId && appliance.isPending),
  };
}

export type RenewDevice = ReturnType<typeof useRenewDevice>;
