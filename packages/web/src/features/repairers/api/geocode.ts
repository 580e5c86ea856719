import { useQuery } from '@tanstack/react-query';
import { type BoundingBox, boxAround, EXTERNAL_LINKS } from '../../../lib/external-links.ts';

interface GeocodeAnswer {
  features?: { geometry?: { coordinates?: [number, number] }; properties?: { label?: string } }[];
}

/** The Géoplateforme search address for a postal address (third-party: asserted in tests, never fetched). */
export const geocodeUrl = (address: string) =>
  `${EXTERNAL_LINKS.geocoder}?${new URLSearchParams({ q: address, limit: '1', index: 'address' })}`;

/**
 * The map box around the profile address, or null (no address, not found, service unreachable):
 * the map then shows all of France.
 */
export function useAddressBox(address: string | null | undefined) {
  const q = address?.trim() ?? '';
  return useQuery({
    queryKey: ['geocode', q],
    enabled: q.length >= 3,
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<{ box: BoundingBox; label: string } | null> => {
      const res = await fetch(geocodeUrl(q), { signal: AbortSignal.timeout(5000) });
      if (!res.ok) return null;
      const body = (await res.json()) as GeocodeAnswer;
      const feature = body.features?.[0];
      const [lng, lat] = feature?.geometry?.coordinates ?? [];
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      return { box: boxAround(lat, lng), label: feature?.properties?.label ?? q };
    },
  });
}
