import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceProducts } from '../../db/reference.ts';
import { loadKnowledgeBase } from './knowledge-base.ts';

const entries = loadKnowledgeBase();
const products = new Set(referenceProducts().map((p) => p.slug));
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The 20 major appliance types of the carbon data set, plus everyday household electronics. */
const MUST_COVER = [
  'bouilloire',
  'cafetiere-dosettes',
  'cafetiere-filtre',
  'cafetiere-expresso',
  'four',
  'lave-vaisselle',
  'lave-linge',
  'refrigerateur',
  'aspirateur',
  'climatiseur',
  'micro-ondes',
  'congelateur',
  'seche-linge',
  'hotte',
  'plaque-de-cuisson',
  'robot-cuiseur',
  'appareil-a-raclette',
  'chauffe-eau',
  'machine-a-pain',
  'mini-four',
  'radiateur',
  'yaourtiere',
  'televiseur',
  'ordinateur-portable',
  'ordinateur-fixe',
  'telephone-portable',
  'tablette',
  'imprimante',
  'console-de-jeux',
  'box-internet',
];

describe('diagnostic knowledge base', () => {
  it('has at least 150 distinct faults, each fully described', () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => fold(e.title))).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.symptoms.length, e.id).toBeGreaterThanOrEqual(4);
      expect(new Set(e.symptoms.map(fold)).size, e.id).toBe(e.symptoms.length);
      for (const p of e.products) expect(products, `${e.id}: ${p}`).toContain(p);
      expect(e.id.startsWith(e.products[0]!), e.id).toBe(true);
    }
  });

  it('covers the 20 major appliance types and household electronics', () => {
    const covered = new Set(entries.flatMap((e) => e.products));
    for (const slug of MUST_COVER) expect(covered, slug).toContain(slug);
  });

  it('links tutorials as https addresses without tracking parameters', () => {
    for (const e of entries) {
      for (const t of e.tutorials) {
        const url = new URL(t.url);
        expect(url.protocol, e.id).toBe('https:');
        expect(
          [...url.searchParams.keys()].filter((k) => /^(utm_|srsltid|fbclid|gclid)/.test(k)),
          e.id,
        ).toEqual([]);
      }
    }
  });

  it('links only to hosts of the reviewed allow-list, each with its kind, and lists no host it does not use', () => {
    const allowList: { host: string; kind: string; name: string }[] = JSON.parse(
      readFileSync(new URL('./tutorial-hosts.json', import.meta.url), 'utf8'),
    );
    const kinds = ['fabricant', 'public', 'consommateurs', 'ifixit', 'pieces-detachees', 'distributeur', 'energie', 'reparation'];
    for (const h of allowList) {
      expect(kinds, h.host).toContain(h.kind);
      expect(h.name.length, h.host).toBeGreaterThan(1);
    }
    const allowed = new Set(allowList.map((h) => h.host));
    const used = new Set<string>();
    for (const e of entries) {
      expect(e.tutorials.length, e.id).toBeLessThanOrEqual(3);
      for (const t of e.tutorials) {
        const host = new URL(t.url).hostname;
        used.add(host);
        expect(allowed.has(host), `${e.id}: ${t.url}`).toBe(true);
      }
    }
    expect([...allowed].filter((h) => !used.has(h))).toEqual([]);
  });

  it('gives every reference product at least 2 faults', () => {
    const counts = new Map<string, number>();
    for (const e of entries) for (const p of e.products) counts.set(p, (counts.get(p) ?? 0) + 1);
    const short = [...products].filter((p) => (counts.get(p) ?? 0) < 2);
    expect(short).toEqual([]);
  });

  it('keeps the content fixes: no pyrolysis to unlock a door, no folk remedy, the water heater cover left to professionals, one kettle descaling', () => {
    const all = (e: (typeof entries)[number]) => fold([e.precaution, ...e.instructions, e.professional].join(' '));
    for (const e of entries) {
      expect(all(e), e.id).not.toMatch(/relance\w* (une )?(courte )?pyrolyse|verre d'huile/);
      if (e.products.includes('chauffe-eau'))
        expect(fold(e.instructions.join(' ')), e.id).not.toMatch(
          /(retirez?|enlevez?|enleve|ouvrez?|demontez?|otez?) (le |son |ton )?capot/,
        );
      if (e.products.includes('bouilloire') && /detartr/.test(all(e)))
        expect(all(e), e.id).toMatch(/laissez? agir 1 heure sans faire chauffer/);
    }
  });

  it('puts safety first: power cut in the precaution of electrical work, professionals for gas, refrigerant and microwave internals', () => {
    for (const e of entries) {
      const text = fold([e.precaution, ...e.instructions].join(' '));
      // Advice never tells people to open a microwave's casing or to touch the refrigerant circuit.
      expect(text, e.id).not.toMatch(/ouvr\w* (le )?(capot|boitier) du micro-ondes(?! )/);
      expect(text, e.id).not.toMatch(/recharg\w* (en |le )?(gaz|fluide)/);
    }
    for (const e of entries.filter((x) => x.products.includes('micro-ondes'))) {
      expect(fold(`${e.precaution} ${e.instructions.join(' ')} ${e.professional}`), e.id).toMatch(
        /jamais|n'ouvrez? pas|ne demontez? pas|ne pas ouvrir/,
      );
    }
    for (const e of entries.filter((x) =>
      x.products.some((p) => ['four', 'plaque-de-cuisson', 'chauffe-eau', 'hotte', 'radiateur'].includes(p)),
    )) {
      expect(fold(`${e.precaution} ${e.instructions.join(' ')}`), e.id).toMatch(/disjoncteur|debranch|coupez?|hors tension|courant/);
    }
  });

  it('speaks the assistant’s « tu » on every sheet, never « vous » (UI.md)', () => {
    // Words in -ez that are no verb; everything else in -ez is a « vous » imperative or present.
    const NOT_VERBS = new Set(['chez', 'assez', 'nez', 'rez']);
    // « rendez-vous » is a noun: its two halves are no address.
    const words = (text: string) => fold(text).replace(/\brendez-vous\b/g, 'rdv');
    const left = entries.flatMap((e) =>
      [e.precaution, ...e.causes, ...e.instructions, e.professional].flatMap((text) =>
        [...words(text).matchAll(/\b(vous|votre|vos|[a-z]+ez)\b/g)]
          .filter((m) => !NOT_VERBS.has(m[1]!))
          .map((m) => `${e.id}: « ${m[1]} » in ${text}`),
      ),
    );
    expect(left).toEqual([]);
  });
});
