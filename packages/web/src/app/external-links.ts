/**
 * Third-party addresses, in one place (ARCHITECTURE: asserted in tests, never fetched). Each can
 * be changed at build time with the VITE_ variable named beside it.
 */
export const EXTERNAL_LINKS = {
  /** ADEME « Que faire de mes objets » map (shared/data/external-services.json, lvao_carte). */
  lvaoBase: import.meta.env.VITE_LVAO_BASE_URL ?? 'https://quefairedemesobjets.ademe.fr',
  /** Repairers labelled QualiRépar (bonus réparation). */
  qualirepar: 'https://www.e-reparation.eco',
  /** Accessories, consumables and spare parts (shared/data/external-services.json, repair_parts_widget). */
  spareParts: import.meta.env.VITE_SPARE_PARTS_URL ?? 'https://www.spareka.fr/',
} as const;

/** spec §9 share targets: Facebook, Instagram (no link: it cannot share one), LinkedIn, WhatsApp, X. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    instagram: null,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    x: `https://x.com/intent/post?text=${t}&url=${u}`,
  } as const;
}

/** spec §9 map: metropolitan France's bounding box. */
export const FRANCE_BOUNDING_BOX = { southWest: { lat: 42.96, lng: -6.9 }, northEast: { lat: 51.1, lng: 7.65 } };

/**
 * The map's iframe address: {base}/carte?{parameters} (the data-* attributes of the ADEME embed
 * script become query parameters). `actions`: codes such as reparer, donner, echanger, revendre.
 */
export function lvaoMapUrl(actions: readonly string[] = ['reparer', 'donner', 'echanger', 'preter', 'revendre'], boundingBox = FRANCE_BOUNDING_BOX): string {
  const query = new URLSearchParams({ direction: 'jai', action_list: actions.join('|'), bounding_box: JSON.stringify(boundingBox) });
  return `${EXTERNAL_LINKS.lvaoBase}/carte?${query}`;
}
