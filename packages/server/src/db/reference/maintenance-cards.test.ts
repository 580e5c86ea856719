import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Data check for the maintenance tutorials ("fiches d'entretien"), no database needed. */

type Agent = { slug: string; name: string; volume: string; count: number };
type Step = { title: string; detail: string; video: string | null };
type Card = {
  slug: string;
  product: string;
  title: string;
  duration: number;
  waitMinutes?: number;
  frequency: number;
  season?: { from: number; to: number; label: string };
  level: string;
  steps: Step[];
  agents: Agent[];
};

const readJson = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as T;

const cards = readJson<Card[]>('./maintenance-cards.json');
const products = readJson<{ slug: string }[]>('./products.json');
const agentsDir = new URL('../../../../web/public/ref/agents/', import.meta.url);

const REQUIRED_PRODUCTS = [
  'refrigerateur',
  'lave-vaisselle',
  'four',
  'micro-ondes',
  'mini-four',
  'plaque-de-cuisson',
  'hotte',
  'bouilloire',
  'cafetiere-dosettes',
  'cafetiere-filtre',
  'cafetiere-expresso',
  'robot-cuiseur',
  'machine-a-pain',
  'yaourtiere',
  'appareil-a-raclette',
  'radiateur',
  'climatiseur',
  'lave-linge',
  'seche-linge',
  'chauffe-eau',
  'aspirateur',
  'congelateur',
];
const LEVELS = ['Facile', 'Moyen', 'Difficile'];
const ALLOWED_TAGS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'br']);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SAFETY_WORDS = ['débranch', 'coupez', 'disjoncteur', 'éteignez'];

describe('maintenance-cards.json', () => {
  it('has at least 56 cards with unique kebab-case slugs', () => {
    expect(cards.length).toBeGreaterThanOrEqual(56);
    const slugs = cards.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug, slug).toMatch(KEBAB);
  });

  it('only references products of products.json', () => {
    const known = new Set(products.map((p) => p.slug));
    for (const c of cards) expect(known.has(c.product), `${c.slug}: ${c.product}`).toBe(true);
  });

  it('has at least one card for every reference product', () => {
    const withCard = new Set(cards.map((c) => c.product));
    expect(products.map((p) => p.slug).filter((p) => !withCard.has(p))).toEqual([]);
  });

  it('counts waiting apart from active time and anchors seasonal tasks to their season', () => {
    const bySlug = new Map(cards.map((c) => [c.slug, c]));
    expect(bySlug.get('congelateur-degivrage')?.waitMinutes).toBeGreaterThanOrEqual(60);
    expect(bySlug.get('bouilloire-detartrage')?.waitMinutes).toBe(60);
    expect(bySlug.get('climatiseur-filtres')?.season).toBeDefined();
    expect(bySlug.get('radiateur-controle-hiver')?.season).toBeDefined();
  });

  it('has at least 2 cards for each required product', () => {
    for (const product of REQUIRED_PRODUCTS) {
      expect(cards.filter((c) => c.product === product).length, product).toBeGreaterThanOrEqual(2);
    }
  });

  it('has every field with the right type', () => {
    for (const c of cards) {
      expect(
        Object.keys(c)
          .filter((k) => k !== 'waitMinutes' && k !== 'season')
          .sort(),
        c.slug,
      ).toEqual(['agents', 'duration', 'frequency', 'level', 'product', 'slug', 'steps', 'title']);
      if (c.waitMinutes !== undefined) expect(Number.isInteger(c.waitMinutes) && c.waitMinutes >= 1, `${c.slug} waitMinutes`).toBe(true);
      if (c.season !== undefined) {
        expect(Object.keys(c.season).sort(), c.slug).toEqual(['from', 'label', 'to']);
        for (const m of [c.season.from, c.season.to]) expect(Number.isInteger(m) && m >= 1 && m <= 12, `${c.slug} season`).toBe(true);
        expect(c.season.label.length, c.slug).toBeGreaterThan(3);
      }
      expect(typeof c.title, c.slug).toBe('string');
      expect(c.title.trim().length, c.slug).toBeGreaterThan(0);
      expect(c.title.length, c.slug).toBeLessThanOrEqual(60);
      expect(Number.isInteger(c.duration) && c.duration >= 5 && c.duration <= 60, `${c.slug} duration`).toBe(true);
      expect(Number.isInteger(c.frequency) && c.frequency >= 1 && c.frequency <= 730, `${c.slug} frequency`).toBe(true);
      expect(LEVELS, c.slug).toContain(c.level);
      expect(Array.isArray(c.steps), c.slug).toBe(true);
      expect(Array.isArray(c.agents), c.slug).toBe(true);
      expect(c.agents.length, c.slug).toBeLessThanOrEqual(4);
      for (const s of c.steps) {
        expect(Object.keys(s).sort(), c.slug).toEqual(['detail', 'title', 'video']);
        expect(typeof s.title === 'string' && s.title.trim().length > 0, c.slug).toBe(true);
        expect(typeof s.detail === 'string' && s.detail.trim().length > 0, c.slug).toBe(true);
        expect(s.video, c.slug).toBeNull();
      }
      for (const a of c.agents) {
        expect(Object.keys(a).sort(), c.slug).toEqual(['count', 'name', 'slug', 'volume']);
        expect(a.slug, c.slug).toMatch(KEBAB);
        expect(typeof a.name === 'string' && a.name.length > 0, c.slug).toBe(true);
        expect(typeof a.volume === 'string' && a.volume.length > 0, c.slug).toBe(true);
        expect(Number.isInteger(a.count) && a.count >= 1, c.slug).toBe(true);
      }
      expect(new Set(c.agents.map((a) => a.slug)).size, `${c.slug} duplicate agent`).toBe(c.agents.length);
    }
  });

  it('has 3 to 7 steps per card', () => {
    for (const c of cards) {
      expect(c.steps.length, c.slug).toBeGreaterThanOrEqual(3);
      expect(c.steps.length, c.slug).toBeLessThanOrEqual(7);
    }
  });

  it('uses only the allowed HTML tags, without attributes', () => {
    for (const c of cards) {
      for (const s of c.steps) {
        const tags = [...s.detail.matchAll(/<\/?\s*([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)];
        expect(tags.length, `${c.slug}: no markup`).toBeGreaterThan(0);
        for (const [whole, name, rest] of tags) {
          expect(ALLOWED_TAGS.has(name.toLowerCase()), `${c.slug}: ${whole}`).toBe(true);
          expect(rest.replace(/\s*\/?\s*$/, ''), `${c.slug}: attribute in ${whole}`).toBe('');
        }
        // No stray angle brackets outside tags (e.g. "<script" split oddly or a lone "<").
        expect(s.detail.replace(/<\/?[a-z]+\s*\/?>/g, ''), c.slug).not.toMatch(/[<>]/);
        expect(s.detail, c.slug).not.toMatch(/https?:|javascript:/i);
      }
    }
  });

  it('starts every card with a safety step', () => {
    for (const c of cards) {
      const first = `${c.steps[0].title} ${c.steps[0].detail}`.toLowerCase();
      expect(
        SAFETY_WORDS.some((w) => first.includes(w)),
        `${c.slug}: ${c.steps[0].title}`,
      ).toBe(true);
    }
  });

  it('gives each agent one name and an icon', () => {
    const names = new Map<string, string>();
    for (const c of cards) {
      for (const a of c.agents) {
        const known = names.get(a.slug);
        if (known === undefined) names.set(a.slug, a.name);
        else expect(a.name, `${c.slug}: ${a.slug}`).toBe(known);
      }
    }
    expect(names.size).toBeLessThanOrEqual(20);
    for (const [slug, name] of names) {
      const icon = new URL(`${slug}.svg`, agentsDir);
      expect(existsSync(icon), `missing icon for ${slug}`).toBe(true);
      const svg = readFileSync(icon, 'utf8');
      expect(svg, slug).toContain('viewBox="0 0 96 96"');
      expect(svg, slug).toContain('role="img"');
      expect(svg, slug).toContain(`<title>${name}</title>`);
      expect(svg, slug).not.toMatch(/<text|<image|href=/);
      expect(Buffer.byteLength(svg), slug).toBeLessThan(2048);
    }
  });
});
