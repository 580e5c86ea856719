/**
 * Third-party addresses, in one place (ARCHITECTURE: asserted in tests, never fetched). Each can
 * be changed at build time with the VITE_ variable named beside it.
 */
export const EXTERNAL_LINKS = {
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
