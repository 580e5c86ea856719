/**
 * Third-party addresses, in one place (ARCHITECTURE: asserted in tests, never fetched). Each can
 * be changed at build time with the VITE_ variable named beside it.
 */
export const EXTERNAL_LINKS = {
  /** Accessories, consumables and spare parts (shared/data/external-services.json, repair_parts_widget). */
  spareParts: import.meta.env.VITE_SPARE_PARTS_URL ?? 'https://www.spareka.fr/',
} as const;
