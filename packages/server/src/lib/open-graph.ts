import type { PublicBadge } from '@ecofoyer/contracts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The app shell with the Open Graph and Twitter tags of a shared badge (first name only). */
export function withOpenGraph(html: string, badge: PublicBadge, pageUrl: string, appUrl: string): string {
  const title = `${badge.firstname} a obtenu le badge « ${badge.refbadge.name} » sur EcoFoyer`;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'EcoFoyer'],
    ['og:locale', 'fr_FR'],
    ['og:title', title],
    ['og:description', badge.refbadge.description],
    ['og:url', pageUrl],
    // Link previews want a raster image: the app icon.
    ['og:image', `${appUrl}/icons/icon-512.png`],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`)
    .concat(`<meta name="twitter:card" content="summary" />`, `<meta name="twitter:title" content="${escapeHtml(title)}" />`)
    .join('\n    ');
  // A replacer function, not a string: a string's `$'`, `$&`, `$1`… are patterns, and a first name
  // such as « $'Bob » would paste the rest of the page into the head.
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>\n    ${tags}`);
}
