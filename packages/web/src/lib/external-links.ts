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
  /**
   * A partner's repair-booking widget, embedded by /callplan; `{category}` is replaced by the
   * product's category (REPAIR_CATEGORIES). Empty: no partner, /callplan uses the public finders.
   */
  repairWidget: import.meta.env.VITE_REPAIR_WIDGET_URL ?? '',
  /** Géoplateforme (IGN) address search, to centre the repairers' map on the profile address. */
  geocoder: import.meta.env.VITE_GEOCODER_URL ?? 'https://data.geopf.fr/geocodage/search',
  /** Emmaüs France: where to give (external-services.json, emmaus_donner). */
  emmausGive: 'https://emmaus-france.org/ou-donner-acheter',
  /** Donnons.org, searched by category (external-services.json, donnons_org). */
  donnonsBase: 'https://donnons.org',
} as const;

/** Video tutorials for a fault (the chat's « aide vidéo »): a YouTube search, opened in a new tab. */
export const videoSearchUrl = (words: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(`${words} réparation tutoriel`)}`;

/** Donnons.org listing of a category, e.g. Electromenager (external-services.json: {base}/{categorie}). */
export const donnonsUrl = (category: string) => `${EXTERNAL_LINKS.donnonsBase}/${encodeURIComponent(category)}`;

/** The partner widget's address for a category, or null without a partner. */
export const repairWidgetUrl = (category: string) =>
  EXTERNAL_LINKS.repairWidget ? EXTERNAL_LINKS.repairWidget.replace('{category}', encodeURIComponent(category)) : null;

/** product §9, share targets: Facebook, Instagram (no link: it cannot share one), LinkedIn, WhatsApp, X. */
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

/** product §9, map: metropolitan France's bounding box. */
export const FRANCE_BOUNDING_BOX = { southWest: { lat: 42.96, lng: -6.9 }, northEast: { lat: 51.1, lng: 7.65 } };

/**
 * The map's iframe address: {base}/carte?{parameters} (the data-* attributes of the ADEME embed
 * script become query parameters). `actions`: codes such as reparer, donner, echanger, revendre.
 */
export function lvaoMapUrl(
  actions: readonly string[] = ['reparer', 'donner', 'echanger', 'preter', 'revendre'],
  boundingBox: BoundingBox = FRANCE_BOUNDING_BOX,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({
    direction: 'jai',
    action_list: actions.join('|'),
    bounding_box: JSON.stringify(boundingBox),
    ...extra,
  });
  return `${EXTERNAL_LINKS.lvaoBase}/carte?${query}`;
}

export type BoundingBox = typeof FRANCE_BOUNDING_BOX;

/** A box of about `km` kilometres around a point (the map around the user's address). */
export function boxAround(lat: number, lng: number, km = 8): BoundingBox {
  const dLat = km / 111;
  const dLng = km / (111 * Math.cos((lat * Math.PI) / 180));
  const r = (n: number) => Math.round(n * 1e5) / 1e5;
  return { southWest: { lat: r(lat - dLat), lng: r(lng - dLng) }, northEast: { lat: r(lat + dLat), lng: r(lng + dLng) } };
}
