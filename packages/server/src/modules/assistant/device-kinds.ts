/**
 * Kinds of device a chat about another kind may answer about (the chat's device is a hard
 * constraint). A sheet says itself which kinds it fits (`products` of the knowledge base: the
 * tablet's full storage is the phone's too); the only kinds added here are the devices that the
 * chosen one holds, so that its sheets are its own: a cuisinière is a hob on an oven, a combined
 * fridge holds a freezer, a steam station's iron is an iron. The reverse does not hold (an oven is
 * no cuisinière), and a look-alike is not the device: a mini oven, a wine cellar, a laptop for a
 * desktop, a tablet for a phone answer with « pas de fiche » rather than with a sheet written for
 * another device. A device known under another name is one of its names (`product-aliases.ts`).
 */
const HOLDS: Record<string, string[]> = {
  cuisiniere: ['four', 'plaque-de-cuisson'],
  refrigerateur: ['congelateur'],
  'centrale-vapeur': ['fer-a-repasser'],
  // A reversible air conditioner is an air-to-air heat pump: one device under two names.
  climatiseur: ['pompe-a-chaleur'],
  'pompe-a-chaleur': ['climatiseur'],
};

/** The kinds a chat about `slug` may answer about: itself and the devices it holds. */
export function kindsOf(slug: string): Set<string> {
  return new Set([slug, ...(HOLDS[slug] ?? [])]);
}
