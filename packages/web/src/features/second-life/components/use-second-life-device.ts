import { useSearchParams } from 'react-router';
import { positiveInt } from '../../../lib/query-params.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { FAMILY_LABELS, FAMILY_OF_PRODUCT } from '../../references/device-families.ts';
import { SECOND_LIFE_GUIDES } from '../second-life-content.ts';

/** The device a second-life page is about (?appliance= and/or ?prod=), its family and guide. */
export function useSecondLifeDevice() {
  const [params] = useSearchParams();
  const applianceId = positiveInt(params.get('appliance'));
  const appliance = useAppliance(applianceId);
  const products = useRefProducts();
  const product = products.data?.find((p) => p.id === (appliance.data?.prod_id ?? positiveInt(params.get('prod'))));
  const family = (product && FAMILY_OF_PRODUCT[product.slug]) || 'petit-electromenager';
  // Carried on to the next page from the address itself while the device is still loading: a
  // quick tap must not lose it.
  const applianceInQuery = appliance.data?.id ?? applianceId;
  const prodInQuery = product?.id ?? positiveInt(params.get('prod'));
  const query = new URLSearchParams({
    ...(applianceInQuery ? { appliance: String(applianceInQuery) } : {}),
    ...(prodInQuery ? { prod: String(prodInQuery) } : {}),
  }).toString();
  return {
    applianceId,
    appliance,
    product,
    family,
    familyLabel: FAMILY_LABELS[family],
    guide: SECOND_LIFE_GUIDES[family],
    name: appliance.data?.name ?? product?.prodName ?? null,
    query,
    loading: products.isPending || Boolean(applianceId && appliance.isPending),
  };
}
