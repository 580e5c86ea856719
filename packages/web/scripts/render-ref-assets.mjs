#!/usr/bin/env node
// Renders the EcoFoyer demo assets into packages/server/src/db/demo-assets/:
//   - 12 PNG "photos" (600×600, opaque), drawn from the reference product icons
//     in public/ref/products/<slug>.svg, placed in a small flat scene;
//   - facture-lave-linge.pdf (one-page invoice) and notice-lave-linge.pdf
//     (two-page excerpt of a user manual), drawn as A4 SVG pages.
//
//   node packages/web/scripts/render-ref-assets.mjs [--keep-svg]
//
// No npm dependency: uses Debian's `rsvg-convert` (apt-get install -y librsvg2-bin)
// with the Liberation / DejaVu fonts. The outputs are committed, so this only
// needs to run again when an icon or a document text changes.
// Everything here is original artwork drawn for EcoFoyer; the shop, customer and
// document numbers on the invoice are fictitious.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const iconsDir = resolve(here, '..', 'public', 'ref', 'products');
const outDir = resolve(here, '..', '..', 'server', 'src', 'db', 'demo-assets');
const keepSvg = process.argv.includes('--keep-svg');

const C = {
  G: '#2B7A4B', GD: '#1E5A37', GL: '#E3F2E8', GM: '#5BAA78', O: '#E8833A', OL: '#FCE9D9',
  K: '#1F2A24', S: '#5F6B64', N: '#DDE3DF', P: '#F6F8F7', W: '#FFFFFF',
};

if (spawnSync('rsvg-convert', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('rsvg-convert is missing: apt-get update && apt-get install -y librsvg2-bin');
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'ecofoyer-ref-'));

// ---------------------------------------------------------------------------
// 1. Photos
// ---------------------------------------------------------------------------

/** [product slug, wall colour, surface: floor | counter | desk] */
const photos = [
  ['lave-linge', C.GL, 'floor'],
  ['refrigerateur', C.GL, 'floor'],
  ['lave-vaisselle', C.P, 'floor'],
  ['four', C.OL, 'floor'],
  ['micro-ondes', C.GL, 'counter'],
  ['cafetiere-expresso', C.OL, 'counter'],
  ['bouilloire', C.GL, 'counter'],
  ['aspirateur', C.OL, 'floor'],
  ['televiseur', C.P, 'counter'],
  ['ordinateur-portable', C.GL, 'desk'],
  ['seche-linge', C.OL, 'floor'],
  ['grille-pain', C.P, 'counter'],
];

const GROUP_OPEN = '<g fill="#FFFFFF" stroke="#1F2A24" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">';

/** Returns the drawing of an icon (without its background disc and ground shadow) and the shadow position. */
function iconArt(slug) {
  const svg = readFileSync(join(iconsDir, `${slug}.svg`), 'utf8');
  const start = svg.indexOf(GROUP_OPEN);
  const end = svg.lastIndexOf('</g>');
  if (start < 0 || end < 0) throw new Error(`${slug}.svg: unexpected structure`);
  let art = svg.slice(start + GROUP_OPEN.length, end).trim();
  let base = { cx: 48, cy: 80, rx: 28 };
  const m = art.match(/^<ellipse cx="([\d.]+)" cy="([\d.]+)" rx="([\d.]+)" ry="3" fill="#DDE3DF" stroke="none"\/>/);
  if (m) {
    base = { cx: +m[1], cy: +m[2], rx: +m[3] };
    art = art.slice(m[0].length);
  }
  return { art, base };
}

const sparkle = (x, y, c, r = 14) =>
  `<path d="M${x} ${y - r}v${2 * r}M${x - r} ${y}h${2 * r}" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round"/>`;

function photoSvg(slug, wall, surface) {
  const { art, base } = iconArt(slug);
  const floorY = surface === 'floor' ? 492 : 462;
  const s = surface === 'floor' ? 5 : 4.7;
  const tx = 300 - base.cx * s;
  const ty = floorY - base.cy * s;
  const accent = wall === C.OL ? C.GM : C.O;
  let ground = '';
  if (surface === 'floor') {
    ground = `<rect y="${floorY - 12}" width="600" height="${612 - floorY}" fill="${C.N}"/>
<path d="M0 ${floorY - 12}h600" stroke="${C.W}" stroke-width="10"/>
<path d="M60 560h90M250 580h120M450 556h80" stroke="${C.P}" stroke-width="8" stroke-linecap="round"/>`;
  } else {
    const front = surface === 'desk' ? C.GD : C.W;
    ground = `<rect y="${floorY - 6}" width="600" height="24" fill="${C.S}"/>
<rect y="${floorY + 18}" width="600" height="${600 - floorY - 18}" fill="${front}"/>
<path d="M0 ${floorY + 18}h600" stroke="${C.K}" stroke-width="6"/>
${surface === 'desk' ? '' : `<path d="M200 ${floorY + 18}v${600 - floorY}M400 ${floorY + 18}v${600 - floorY}M160 ${floorY + 60}v36M240 ${floorY + 60}v36M360 ${floorY + 60}v36M440 ${floorY + 60}v36" stroke="${C.K}" stroke-width="6" stroke-linecap="round"/>`}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">
<rect width="600" height="600" fill="${wall}"/>
<circle cx="300" cy="${floorY - 190}" r="250" fill="${wall === C.P ? C.GL : C.P}" opacity="0.7"/>
${ground}
<ellipse cx="300" cy="${floorY}" rx="${base.rx * s * 0.95}" ry="16" fill="${C.S}" opacity="0.22"/>
<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s})">
<g fill="#FFFFFF" stroke="#1F2A24" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">
${art}
</g>
</g>
${sparkle(78, 84, accent)}${sparkle(524, 132, C.GM, 11)}<circle cx="520" cy="60" r="9" fill="${accent}"/><circle cx="70" cy="200" r="7" fill="${C.GM}"/>
</svg>
`;
}

// ---------------------------------------------------------------------------
// 2. Documents (A4 pages, 595 × 842 pt)
// ---------------------------------------------------------------------------

const FONT = "Liberation Sans, DejaVu Sans, Arial, sans-serif";
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Rough text width (Liberation Sans averages ~0.5 em per character). */
const textWidth = (str, size, bold = false) => str.length * size * (bold ? 0.52 : 0.47);

/** French typography: no line break before ; : ! ? % € nor inside « 90 °C ». */
const nbsp = (s) => String(s).replace(/ ([;:!?%€»]|°C)/g, '\u00A0$1').replace(/« /g, '«\u00A0');

function wrap(str, size, width, bold = false) {
  const words = nbsp(str).split(' ');
  const lines = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth(next, size, bold) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function text(x, y, str, { size = 10, weight = 'normal', fill = C.K, anchor = 'start', style = '' } = {}) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${style ? ` font-style="${style}"` : ''}>${esc(nbsp(str))}</text>`;
}

/** Paragraph; returns [svg, nextY]. */
function para(x, y, str, width, opts = {}) {
  const size = opts.size || 10;
  const lh = opts.lh || size * 1.4;
  const lines = wrap(str, size, width, opts.weight === 'bold');
  return [lines.map((l, i) => text(x, y + i * lh, l, opts)).join('\n'), y + lines.length * lh];
}

const page = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 595 842">
<rect width="595" height="842" fill="#FFFFFF"/>
${body}
</svg>
`;

const eur = (n) => `${n.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`;

function invoiceSvg() {
  const out = [];
  const M = 48;
  // Shop header
  out.push(`<rect x="${M}" y="44" width="46" height="46" rx="10" fill="${C.G}"/>
<path d="M${M + 15} 58v-6M${M + 31} 58v-6" stroke="#FFFFFF" stroke-width="3.5" stroke-linecap="round"/>
<path d="M${M + 10} 58h26v8a13 13 0 0 1-26 0z" fill="#FFFFFF"/><path d="M${M + 23} 79v5" stroke="#FFFFFF" stroke-width="3.5" stroke-linecap="round"/>`);
  out.push(text(M + 58, 60, 'Électro Ménager du Rhône', { size: 17, weight: 'bold', fill: C.GD }));
  out.push(text(M + 58, 76, '12 rue Garibaldi · 69003 Lyon', { size: 10, fill: C.S }));
  out.push(text(M + 58, 89, 'Électroménager, image et son · Livraison et installation', { size: 9, fill: C.S }));

  out.push(text(547, 58, 'FACTURE', { size: 24, weight: 'bold', anchor: 'end' }));
  out.push(text(547, 76, 'N° FA-2023-03-0427', { size: 10, anchor: 'end' }));
  out.push(text(547, 90, 'Date : 14/03/2023', { size: 10, weight: 'bold', anchor: 'end' }));
  out.push(`<path d="M${M} 112h${595 - 2 * M}" stroke="${C.N}" stroke-width="1.5"/>`);

  // Parties
  out.push(`<rect x="${M}" y="128" width="230" height="84" rx="6" fill="${C.P}"/>`);
  out.push(text(M + 14, 148, 'VENDEUR', { size: 8, weight: 'bold', fill: C.S }));
  out.push(text(M + 14, 164, 'Électro Ménager du Rhône', { size: 10, weight: 'bold' }));
  out.push(text(M + 14, 178, '12 rue Garibaldi, 69003 Lyon', { size: 9.5 }));
  out.push(text(M + 14, 192, 'SIRET 123 456 789 00012', { size: 9, fill: C.S }));
  out.push(text(M + 14, 204, 'TVA intracom. FR12 123456789', { size: 9, fill: C.S }));
  out.push(`<rect x="317" y="128" width="230" height="84" rx="6" fill="${C.GL}"/>`);
  out.push(text(331, 148, 'FACTURÉ ET LIVRÉ À', { size: 8, weight: 'bold', fill: C.GD }));
  out.push(text(331, 164, 'Camille Martin', { size: 10, weight: 'bold' }));
  out.push(text(331, 178, '8 avenue Jean Jaurès', { size: 9.5 }));
  out.push(text(331, 192, '69007 Lyon', { size: 9.5 }));
  out.push(text(331, 204, 'Client n° C-018254 · Livraison le 17/03/2023', { size: 9, fill: C.S }));

  // Table
  const cols = { des: M + 10, qty: 340, pu: 410, tva: 462, tot: 537 };
  let y = 242;
  out.push(`<rect x="${M}" y="${y}" width="${595 - 2 * M}" height="24" rx="4" fill="${C.G}"/>`);
  const th = (x, s, anchor = 'start') => text(x, y + 16, s, { size: 9, weight: 'bold', fill: '#FFFFFF', anchor });
  out.push(th(cols.des, 'Désignation'), th(cols.qty, 'Qté', 'end'), th(cols.pu, 'P.U. HT', 'end'), th(cols.tva, 'TVA', 'end'), th(cols.tot, 'Total HT', 'end'));
  y += 24;
  const rows = [
    ['Lave-linge Bosch Série 6 WGG24409FF', ['Lave-linge hublot, chargement frontal', 'N° de série : 501230456789'], 1, 449.17],
    ['Éco-participation (DEEE)', ['Contribution au recyclage des équipements électriques'], 1, 8.33],
    ['Livraison, installation et mise en service', ['Reprise de l’ancien appareil incluse'], 1, 0],
  ];
  rows.forEach(([title, sub, q, pu], i) => {
    const h = 26 + sub.length * 12;
    if (i % 2 === 1) out.push(`<rect x="${M}" y="${y}" width="${595 - 2 * M}" height="${h}" fill="${C.P}"/>`);
    out.push(text(cols.des, y + 17, title, { size: 10, weight: 'bold' }));
    sub.forEach((s, j) => out.push(text(cols.des, y + 30 + j * 12, s, { size: 8.5, fill: C.S })));
    out.push(text(cols.qty, y + 17, String(q), { size: 10, anchor: 'end' }));
    out.push(text(cols.pu, y + 17, pu ? eur(pu) : 'offert', { size: 10, anchor: 'end' }));
    out.push(text(cols.tva, y + 17, '20 %', { size: 10, anchor: 'end' }));
    out.push(text(cols.tot, y + 17, eur(pu * q), { size: 10, anchor: 'end' }));
    y += h;
    out.push(`<path d="M${M} ${y}h${595 - 2 * M}" stroke="${C.N}" stroke-width="1"/>`);
  });

  // Totals
  const ht = 457.5, tva = 91.5, ttc = 549;
  y += 22;
  const totalsTop = y;
  const tot = (label, v, opts = {}) => {
    out.push(text(440, y, label, { size: 10, anchor: 'end', ...opts }));
    out.push(text(537, y, eur(v), { size: 10, anchor: 'end', ...opts }));
    y += 17;
  };
  tot('Total HT', ht);
  tot('TVA 20 %', tva);
  out.push(`<rect x="330" y="${y - 6}" width="217" height="30" rx="6" fill="${C.GD}"/>`);
  y += 14;
  out.push(text(440, y, 'Total TTC', { size: 12.5, weight: 'bold', fill: '#FFFFFF', anchor: 'end' }));
  out.push(text(537, y, eur(ttc), { size: 12.5, weight: 'bold', fill: '#FFFFFF', anchor: 'end' }));
  y += 26;
  out.push(text(537, y, 'dont éco-participation : 10,00 € TTC', { size: 9, fill: C.S, anchor: 'end' }));

  // Payment (left of totals)
  const py = totalsTop;
  out.push(text(M, py, 'Règlement', { size: 10, weight: 'bold' }));
  out.push(text(M, py + 15, 'Payé le 14/03/2023 par carte bancaire.', { size: 9.5 }));
  out.push(text(M, py + 29, 'Montant réglé : 549,00 € TTC', { size: 9.5 }));
  out.push(`<g transform="translate(${M + 170} ${py + 6}) rotate(-8)"><rect x="0" y="0" width="74" height="28" rx="5" fill="none" stroke="${C.G}" stroke-width="2"/>${text(37, 19, 'PAYÉ', { size: 14, weight: 'bold', fill: C.G, anchor: 'middle' })}</g>`);

  // Warranty box
  y += 30;
  out.push(`<rect x="${M}" y="${y}" width="${595 - 2 * M}" height="96" rx="8" fill="${C.OL}"/>`);
  out.push(`<path d="M${M + 30} ${y + 18}l16 6v12c0 11-7 18-16 22-9-4-16-11-16-22v-12z" fill="${C.O}"/><path d="M${M + 23} ${y + 37}l5 5 9-10" fill="none" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`);
  out.push(text(M + 60, y + 26, 'Garantie 2 ans', { size: 13, weight: 'bold', fill: '#1F2A24' }));
  const [g1, gy] = para(M + 60, y + 43, 'Votre lave-linge bénéficie de la garantie légale de conformité de 2 ans à compter de la livraison (articles L217-3 et suivants du Code de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil).', 430, { size: 9 });
  out.push(g1);
  out.push(text(M + 60, gy + 2, 'Conservez cette facture : elle vous sera demandée pour toute intervention sous garantie.', { size: 9, weight: 'bold' }));

  // Footer
  out.push(text(M, y + 132, 'Merci de votre confiance !', { size: 11, weight: 'bold', fill: C.GD }));
  out.push(text(M, y + 148, 'Pour toute question sur votre commande, munissez-vous du numéro de facture.', { size: 9, fill: C.S }));
  out.push(`<path d="M${M} 770h${595 - 2 * M}" stroke="${C.N}" stroke-width="1.5"/>`);
  out.push(text(297.5, 786, 'Électro Ménager du Rhône · SARL au capital de 10 000 € · RCS Lyon 123 456 789 · 12 rue Garibaldi, 69003 Lyon', { size: 8, fill: C.S, anchor: 'middle' }));
  out.push(text(297.5, 799, 'Pas d’escompte pour paiement anticipé. Pénalités de retard : 3 fois le taux d’intérêt légal.', { size: 8, fill: C.S, anchor: 'middle' }));
  out.push(text(297.5, 816, 'Document fictif créé pour la démonstration d’EcoFoyer.', { size: 8, fill: C.S, anchor: 'middle', style: 'italic' }));
  return page(out.join('\n'));
}

function manualHeader(pageNo) {
  const M = 48;
  return `<rect x="0" y="0" width="595" height="70" fill="${C.GD}"/>
${text(M, 34, 'Lave-linge à chargement frontal', { size: 18, weight: 'bold', fill: '#FFFFFF' })}
${text(M, 54, 'Notice d’utilisation — extrait : entretien, nettoyage et dépannage', { size: 10.5, fill: C.GL })}
${text(547, 54, `Page ${pageNo}/2`, { size: 9, fill: C.GL, anchor: 'end' })}
<path d="M48 806h499" stroke="${C.N}" stroke-width="1"/>
${text(48, 822, 'Extrait rédigé pour la démonstration d’EcoFoyer. Reportez-vous toujours à la notice du fabricant de votre appareil.', { size: 7.5, fill: C.S, style: 'italic' })}`;
}

function section(out, x, y, num, title) {
  out.push(`<circle cx="${x + 11}" cy="${y - 4}" r="11" fill="${C.G}"/>`);
  out.push(text(x + 11, y, String(num), { size: 11, weight: 'bold', fill: '#FFFFFF', anchor: 'middle' }));
  out.push(text(x + 30, y, title, { size: 13, weight: 'bold', fill: C.GD }));
  return y + 22;
}

function steps(out, x, y, items, width) {
  items.forEach((s, i) => {
    out.push(text(x, y, `${i + 1}.`, { size: 10, weight: 'bold', fill: C.G }));
    const [svg, ny] = para(x + 16, y, s, width - 16, { size: 10 });
    out.push(svg);
    y = ny + 4;
  });
  return y;
}

function manualPage1() {
  const out = [manualHeader(1)];
  const M = 48;
  // Safety box
  let y = 96;
  const boxAt = out.length;
  out.push(`<path d="M${M + 30} ${y + 14}l17 30h-34z" fill="${C.O}" stroke="${C.O}" stroke-width="3" stroke-linejoin="round"/><path d="M${M + 30} ${y + 25}v9" stroke="#FFFFFF" stroke-width="3" stroke-linecap="round"/><circle cx="${M + 30}" cy="${y + 39.5}" r="1.8" fill="#FFFFFF"/>`);
  out.push(text(M + 58, y + 26, 'Avant tout entretien : votre sécurité', { size: 13, weight: 'bold' }));
  const safety = [
    'Débranchez la prise de courant de l’appareil. Ne touchez jamais la prise avec les mains mouillées.',
    'Fermez le robinet d’arrivée d’eau.',
    'Après un lavage chaud, attendez que l’eau ait refroidi avant d’ouvrir la trappe du filtre : risque de brûlure.',
    'N’utilisez ni solvant, ni produit abrasif, ni nettoyeur vapeur ou haute pression sur l’appareil.',
    'Tenez les enfants et les animaux éloignés de l’appareil ouvert.',
  ];
  let sy = y + 46;
  for (const s of safety) {
    out.push(`<circle cx="${M + 62}" cy="${sy - 3.5}" r="2.5" fill="${C.O}"/>`);
    const [svg, ny] = para(M + 72, sy, s, 410, { size: 9.5, lh: 12.5 });
    out.push(svg);
    sy = ny + 2.5;
  }
  out.splice(boxAt, 0, `<rect x="${M}" y="${y}" width="499" height="${sy - y + 4}" rx="8" fill="${C.OL}" stroke="${C.O}" stroke-width="1.5"/>`);

  // Filter
  y = sy + 34;
  y = section(out, M, y, 1, 'Nettoyer le filtre de la pompe de vidange');
  const colTop = y;
  const [intro, iy] = para(M, y, 'À faire tous les deux mois environ, et chaque fois que l’eau ne s’évacue plus ou qu’un code d’erreur de vidange s’affiche. Préparez un récipient plat et une serpillière.', 300, { size: 10, fill: C.S });
  out.push(intro);
  y = steps(out, M, iy + 6, [
    'Ouvrez la trappe de service, en bas à droite de la façade.',
    'Sortez le petit tuyau de vidange d’urgence, placez-le au-dessus du récipient et retirez son bouchon. Laissez l’eau s’écouler, puis rebouchez.',
    'Dévissez lentement le filtre dans le sens inverse des aiguilles d’une montre : un peu d’eau peut encore couler.',
    'Retirez peluches, cheveux et objets (pièces, boutons, barrettes). Rincez le filtre sous l’eau claire et nettoyez son logement.',
    'Revissez le filtre à fond, replacez le tuyau et refermez la trappe. Rouvrez le robinet et vérifiez l’absence de fuite.',
  ], 300);

  // Filter drawing (right column)
  const dx = 370, dy = colTop - 8;
  out.push(`<g transform="translate(${dx} ${dy})" stroke="${C.K}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">
<rect x="0" y="0" width="170" height="200" rx="10" fill="${C.P}" stroke="none"/>
<rect x="22" y="18" width="126" height="150" rx="8" fill="#FFFFFF"/>
<path d="M22 44h126" fill="none"/><circle cx="128" cy="31" r="6" fill="${C.O}"/>
<circle cx="85" cy="98" r="36" fill="${C.N}"/><circle cx="85" cy="98" r="24" fill="${C.GL}"/>
<rect x="104" y="140" width="36" height="22" rx="3" fill="${C.GL}"/>
<circle cx="122" cy="151" r="7" fill="${C.G}"/><path d="M118 151h8" stroke="#FFFFFF"/>
<path d="M140 151c10 0 14 8 14 22" fill="none" stroke="${C.O}" stroke-width="2" stroke-dasharray="3 4"/>
<path d="M138 180h30l-3 8h-24z" fill="${C.N}"/>
</g>`);
  out.push(text(dx + 85, dy + 196, 'Trappe de service et filtre', { size: 8.5, fill: C.S, anchor: 'middle' }));

  // Detergent drawer
  y = Math.max(y, dy + 206) + 22;
  y = section(out, M, y, 2, 'Nettoyer le bac à produits');
  const [dIntro, dy2] = para(M, y, 'Des résidus de lessive et d’adoucissant s’accumulent dans le bac et favorisent moisissures et mauvaises odeurs. Nettoyez-le une fois par mois.', 499, { size: 10, fill: C.S });
  out.push(dIntro);
  y = steps(out, M, dy2 + 6, [
    'Tirez le bac jusqu’en butée, appuyez sur le levier de déverrouillage (souvent dans le compartiment de l’adoucissant) et retirez le bac.',
    'Démontez le couvercle du siphon et rincez toutes les pièces à l’eau chaude avec une brosse douce (une vieille brosse à dents convient).',
    'Nettoyez aussi le logement du bac, en particulier la voûte où arrive l’eau, puis séchez.',
    'Remontez le siphon et remettez le bac en place jusqu’à l’encliquetage.',
  ], 499);
  return page(out.join('\n'));
}

function manualPage2() {
  const out = [manualHeader(2)];
  const M = 48;
  let y = 108;
  y = section(out, M, y, 3, 'Entretenir le joint du hublot');
  let svg;
  [svg, y] = para(M, y, 'Après chaque lavage, essuyez le joint en caoutchouc et l’intérieur du hublot avec un chiffon sec, puis laissez la porte entrouverte pour que le tambour sèche. Inspectez les plis du joint : cheveux, peluches ou petits objets peuvent s’y loger et provoquer une fuite. Une fois par mois, nettoyez-le avec un chiffon imbibé d’eau savonneuse ou de vinaigre blanc dilué, puis rincez à l’eau claire. N’utilisez pas d’eau de Javel pure, qui abîme le caoutchouc.', 499, { size: 10 });
  out.push(svg);

  y += 18;
  y = section(out, M, y, 4, 'Lavage d’entretien mensuel à vide');
  [svg, y] = para(M, y, 'Une fois par mois, lancez un programme Coton à 90 °C sans linge, avec une petite dose de lessive en poudre ou un produit d’entretien pour lave-linge. Ce lavage à vide élimine les résidus de lessive, les dépôts de calcaire et les bactéries responsables des mauvaises odeurs, surtout si vous lavez souvent à 30 ou 40 °C.', 430, { size: 10 });
  out.push(svg);
  out.push(`<g transform="translate(500 ${y - 44})" stroke="${C.K}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">
<circle cx="22" cy="22" r="22" fill="${C.GL}" stroke="none"/><rect x="8" y="6" width="28" height="34" rx="4" fill="#FFFFFF"/>
<circle cx="22" cy="26" r="9" fill="${C.OL}"/><path d="M18 30c-2-2 2-4 0-6M26 30c-2-2 2-4 0-6" fill="none" stroke="${C.O}" stroke-width="1.8"/>
</g>`);
  out.push(text(522, y + 6, '90 °C à vide', { size: 8, fill: C.S, anchor: 'middle' }));

  y += 20;
  y = section(out, M, y, 5, 'Que faire si… ?');
  [svg, y] = para(M, y, 'Avant d’appeler un réparateur, vérifiez les points suivants. Débranchez toujours l’appareil avant d’intervenir.', 499, { size: 10, fill: C.S });
  out.push(svg);
  y += 4;

  const cx = [M, M + 140, M + 300];
  const cw = [132, 152, 191];
  out.push(`<rect x="${M}" y="${y}" width="499" height="22" rx="4" fill="${C.G}"/>`);
  ['Problème', 'Causes possibles', 'Solutions'].forEach((h, i) => out.push(text(cx[i] + 8, y + 15, h, { size: 9.5, weight: 'bold', fill: '#FFFFFF' })));
  y += 22;
  const rows = [
    ['L’appareil ne démarre pas', 'Hublot mal fermé ; prise débranchée ou disjoncteur coupé ; départ différé activé.', 'Refermez bien le hublot ; vérifiez la prise et le tableau électrique ; annulez le départ différé.'],
    ['L’eau ne s’évacue pas', 'Filtre de vidange obstrué ; tuyau de vidange plié ou écrasé.', 'Nettoyez le filtre (section 1) ; redressez le tuyau de vidange.'],
    ['L’eau n’arrive pas', 'Robinet fermé ; tuyau d’arrivée plié ; petit filtre du raccord entartré.', 'Ouvrez le robinet ; vérifiez le tuyau ; nettoyez le filtre du raccord d’arrivée.'],
    ['Fortes vibrations à l’essorage', 'Brides de transport non retirées ; appareil mal calé ; linge mal réparti.', 'Retirez les brides ; réglez les pieds avec un niveau ; répartissez le linge et relancez l’essorage.'],
    ['Mauvaises odeurs', 'Résidus de lessive ; lavages fréquents à basse température ; porte toujours fermée.', 'Faites un lavage d’entretien à vide (section 4) ; laissez le hublot et le bac entrouverts.'],
    ['Traces blanches sur le linge', 'Trop de lessive ; bac à produits encrassé.', 'Dosez selon la dureté de l’eau ; nettoyez le bac (section 2).'],
    ['Fuite d’eau devant l’appareil', 'Joint du hublot sale ou abîmé ; filtre mal revissé.', 'Nettoyez le joint (section 3) ; revissez le filtre à fond.'],
    ['Le hublot ne s’ouvre pas', 'Sécurité active en fin de cycle ; eau dans le tambour.', 'Attendez 2 minutes ; lancez un programme Vidange.'],
  ];
  rows.forEach((r, i) => {
    const cells = r.map((c, j) => wrap(c, 9, cw[j] - 14, j === 0));
    const h = Math.max(...cells.map((l) => l.length)) * 12 + 10;
    if (i % 2 === 1) out.push(`<rect x="${M}" y="${y}" width="499" height="${h}" fill="${C.P}"/>`);
    cells.forEach((lines, j) => lines.forEach((l, k) => out.push(text(cx[j] + 8, y + 15 + k * 12, l, { size: 9, weight: j === 0 ? 'bold' : 'normal' }))));
    y += h;
    out.push(`<path d="M${M} ${y}h499" stroke="${C.N}" stroke-width="1"/>`);
  });

  y += 14;
  out.push(`<rect x="${M}" y="${y}" width="499" height="52" rx="8" fill="${C.GL}"/>`);
  out.push(text(M + 16, y + 21, 'Le problème persiste ?', { size: 10.5, weight: 'bold', fill: C.GD }));
  [svg] = para(M + 16, y + 37, 'Notez le code affiché et le numéro de série (porte ouverte, sur le cadre), puis contactez un réparateur labellisé : le bonus réparation réduit la facture.', 470, { size: 9 });
  out.push(svg);
  return page(out.join('\n'));
}

// ---------------------------------------------------------------------------
// Render
// ---------------------------------------------------------------------------

const rsvg = (args) => execFileSync('rsvg-convert', args, { stdio: ['ignore', 'inherit', 'inherit'] });
const report = [];

for (const [slug, wall, surface] of photos) {
  const src = join(work, `${slug}.svg`);
  writeFileSync(src, photoSvg(slug, wall, surface));
  const out = join(outDir, `${slug}.png`);
  rsvg(['-w', '600', '-h', '600', '--background-color', C.W, '-o', out, src]);
  report.push(out);
}

const docs = [
  ['facture-lave-linge.pdf', [invoiceSvg()]],
  ['notice-lave-linge.pdf', [manualPage1(), manualPage2()]],
];
for (const [name, pages] of docs) {
  const srcs = pages.map((svg, i) => {
    const p = join(work, `${name}.${i + 1}.svg`);
    writeFileSync(p, svg);
    return p;
  });
  const out = join(outDir, name);
  rsvg(['-f', 'pdf', '-o', out, ...srcs]);
  if (readFileSync(out).subarray(0, 4).toString('latin1') !== '%PDF') throw new Error(`${name} is not a PDF`);
  report.push(out);
}

for (const f of report) console.log(`${statSync(f).size.toString().padStart(7)}  ${f}`);
if (keepSvg) console.log(`SVG sources kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
