import { readFileSync } from 'node:fs';
import { GAS_SAFETY } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { type FaultEntry, loadKnowledgeBase } from './knowledge-base.ts';

/**
 * The safety texts of the fault sheets (knowledge-base/*.json) and of the maintenance tutorials
 * (db/reference/maintenance-cards.json) say the same thing: one gas reminder and
 * one emergency number, « fluide frigorigène » for the refrigerant, the precautions of a pyrolysis,
 * and one rule for white vinegar in a dishwasher. The JSON takes no comment, so the sources are here
 * (read on 2026-11-28 in stored copies of public pages; the gas ones are in contracts' gas-safety.ts):
 * - Pyrolysis fumes (acrolein, furans, PAH) call for airing: Atmo Bourgogne-Franche-Comté,
 *   https://www.atmo-bfc.org/qui-sommes-nous/actualites/nettoyage-par-pyrolyse-chaud-devant ; trays and
 *   racks out, heavy residues smoke: https://www.quelfour.com/guide/achat-four/article/entretenir-son-four/l-entretien-des-fours-autonettoyants-48.html ,
 *   https://santeplusmag.com/111119535-cette-fonction-du-four-consomme-beaucoup-denergie-elle-peut-doubler-votre-consommation-vie-pratique-autres-09-11-2022 ;
 *   the fumes kill pet birds, which stay out of the kitchen: http://www.parrothouse.com/hlthcare/self-cleaning-ovens-are-dangerous-for-parrots.html ,
 *   Chemours, https://www.teflon.de/fr/consumers/teflon-coatings-cookware-bakeware/safety/bird-safety . No oven
 *   maker's manual was among the stored pages, so « sauf celles que la notice déclare compatibles » defers to it.
 * - Vinegar: no maker's page found says « no vinegar in a dishwasher » outright. A dishwasher manual
 *   forbids anything but rinse aid in its dispenser (https://manuals.online/sheffield/dishwasher/pla0963w/user-manual/1i19e);
 *   UFC-Que Choisir's lab found vinegar instead of rinse aid « catastrophique » on shine and limescale
 *   (https://www.quechoisir.org/decryptage-detergent-maison-pour-lave-vaisselle-vertueux-mais-guere-performant-n76951/);
 *   Miele's care page asks for filters, spray arms and the intensive programme, not vinegar
 *   (http://docsecure.agoraplus.com/Miele/BTDHTML/btd_f_f/612/allg_btd/0000.html); acid wears rubber seals
 *   (https://greenyplace.com/how-to-tell-how-much-rinse-aid-is-in-a-dishwasher). Hence: the maker's cleaner,
 *   vinegar only if the manual allows it, never on the seals nor in the rinse-aid dispenser.
 */

type Card = { slug: string; product: string; title: string; steps: { title: string; detail: string }[] };

const entries = loadKnowledgeBase();
const cards: Card[] = JSON.parse(readFileSync(new URL('../../db/reference/maintenance-cards.json', import.meta.url), 'utf8'));

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’`´]/g, "'");
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sentences = (s: string) => s.split(/(?<=[.!?])\s+/).filter(Boolean);

/** What a sheet shows: the title and everything under it but the search words (symptoms, keywords). */
const shown = (e: FaultEntry) => [e.title, e.precaution, ...e.causes, ...e.instructions, e.professional];
const cardText = (c: Card) => [c.title, ...c.steps.flatMap((s) => [s.title, plain(s.detail)])];
/** Every sentence the user reads, folded, with where it comes from. */
const units = (): { where: string; text: string }[] => [
  ...entries.flatMap((e) =>
    shown(e)
      .flatMap(sentences)
      .map((text) => ({ where: e.id, text: fold(text) })),
  ),
  ...cards.flatMap((c) =>
    cardText(c)
      .flatMap(sentences)
      .map((text) => ({ where: c.slug, text: fold(text) })),
  ),
];

/** A word said in a denial (« n'allumez », « ne relancez ni… », « sans vinaigre pur », « jamais de vinaigre »). */
const DENIAL = /(?:\b(?:ne|ni|sans|jamais|pas|aucune?|evitez?)\b|\bn')[^.;:,]{0,20}$/;
/** The matches of `re` in a folded text that are not denied. */
const affirmed = (text: string, re: RegExp) =>
  [...text.matchAll(new RegExp(re.source, 'g'))].filter((m) => !DENIAL.test(text.slice(Math.max(0, m.index - 30), m.index)));

const GAS_SMELL = /odeur de gaz|sent\w* le gaz|fuites? de gaz/;
/** A sheet or tutorial about gas: a gas smell or leak, the gas tap, a bottle or a tank of gas, the meter. */
const GAS_TOPIC =
  /odeur de gaz|sent\w* le gaz|fuites? de gaz|robinet[^.;:]{0,30}\bgaz\b|\bgaz\b[^.;:]{0,15}\brobinet|robinet de (la )?bouteille|bouteilles? de (gaz|butane|propane)|gaz en (bouteille|citerne)|\bbutane\b|\bpropane\b|\bciternes?\b|compteur (de |du )?gaz|robinet du compteur|circuit de gaz/;
/** What the gas reflex forbids: a switch, a plug, a breaker (said with « vous » in the tutorials, « tu » in the sheets). */
const SWITCHING =
  /\b(debranch\w*|rebranch\w*|(?<!s')allumez?|eteins|eteignez|actionnez?|coupez? (le |son )?(courant|disjoncteur)|disjoncteur\b[^.;:]{0,25}\bcoupe)\b/;
const PHONE = /\b0\s?[1-9](?:[\s.]?\d){8}\b/g;

const gasSheets = entries.filter(
  (e) => /(^|-)gaz(-|$)/.test(e.id) || e.products.includes('chaudiere') || GAS_TOPIC.test(fold(shown(e).join(' '))),
);
const gasCards = cards.filter(
  (c) => /(^|-)gaz(-|$)/.test(c.slug) || c.product === 'chaudiere' || GAS_TOPIC.test(fold(cardText(c).join(' '))),
);

/** A text without its typography (no-break spaces, typographic apostrophes): what the knowledge base's data writes. */
const typographyFree = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");

describe('gas: one text, from contracts (item 9)', () => {
  it('puts the shared gas reminder first in the precaution of every gas fault sheet', () => {
    expect(gasSheets.length).toBeGreaterThanOrEqual(13);
    // The sheets speak the assistant's « tu », the tutorials the app's « vous » (UI.md): the same paragraph in each.
    // The knowledge base is data written with plain spaces and apostrophes: the words are compared, not the typography.
    for (const e of gasSheets)
      expect(typographyFree(e.precaution).startsWith(typographyFree(GAS_SAFETY.rappelTu)), `${e.id}: ${e.precaution}`).toBe(true);
  });

  it('opens every gas tutorial with the shared gas reminder, before any plug or breaker', () => {
    expect(gasCards.length).toBeGreaterThanOrEqual(5);
    for (const c of gasCards) expect(c.steps[0]!.detail.startsWith(`<p>${GAS_SAFETY.rappel}</p>`), c.slug).toBe(true);
  });

  it('gives no phone number but Urgence Sécurité Gaz, and no switch, plug or breaker where a gas smell is', () => {
    let smells = 0;
    for (const { where, text } of units()) {
      for (const [number] of text.matchAll(PHONE)) expect(number, `${where}: ${text}`).toBe(GAS_SAFETY.numero.numero);
      if (affirmed(text, GAS_SMELL).length === 0) continue;
      smells++;
      expect(
        affirmed(text, SWITCHING).map((m) => m[0]),
        `${where}: ${text}`,
      ).toEqual([]);
    }
    expect(smells).toBeGreaterThanOrEqual(gasSheets.length);
  });
});

describe('refrigerant (item 9)', () => {
  const COLD = ['refrigerateur', 'congelateur', 'cave-a-vin'];

  it('calls it « fluide frigorigène », never « gaz », in the fridge, freezer and wine cellar sheets and tutorials', () => {
    for (const e of entries.filter((x) => x.products.some((p) => COLD.includes(p))))
      expect(fold(shown(e).join(' ')), e.id).not.toMatch(/\bgaz\b/);
    for (const c of cards.filter((x) => COLD.includes(x.product))) expect(fold(cardText(c).join(' ')), c.slug).not.toMatch(/\bgaz\b/);
    for (const { where, text } of units()) expect(text, where).not.toMatch(/gaz (refrigerant|frigorigene)/);
  });
});

describe('pyrolysis (item 9)', () => {
  const START = /\b(lancez?|lancer|relancez?|relancer|demarrez?|demarrer|utilisez?|utiliser|programmez?|remplace)\b/;

  it('is never started without removing racks, trays and deposits, keeping pet birds away and airing the kitchen', () => {
    // An instruction or a tutorial step is one unit: the precautions may sit in the sentences around the start.
    const steps = [
      ...entries.flatMap((e) => [e.precaution, ...e.instructions, e.professional].map((t) => ({ where: e.id, text: fold(t) }))),
      ...cards.flatMap((c) => c.steps.map((s) => ({ where: c.slug, text: fold(plain(s.detail)) }))),
    ];
    const starts = steps.filter(({ text }) => text.includes('pyrolys') && affirmed(text, START).length > 0);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const { where, text } of starts) {
      expect(text, where).toMatch(/\b(grilles|plaques|lechefrite|accessoires)\b/);
      expect(text, where).toMatch(/\b(depots|residus|debordements|salissures)\b/);
      expect(text, where).toMatch(/\boiseaux\b/);
      expect(text, where).toMatch(/\baer(ez|e|er|ation)\b/);
    }
  });
});

describe('white vinegar in a dishwasher (item 9)', () => {
  it('says the same in the sheets and the tutorials: the maker’s cleaner, or 250 ml of vinegar only if the manual allows it, never on the seals nor in the rinse-aid dispenser', () => {
    const dishwasher = [
      ...entries
        .filter((e) => e.products.includes('lave-vaisselle'))
        .flatMap((e) =>
          [e.precaution, ...e.instructions, e.professional]
            .flatMap(sentences)
            .map((t) => ({ where: e.id, text: fold(t), tutorial: false })),
        ),
      ...cards
        .filter((c) => c.product === 'lave-vaisselle')
        .flatMap((c) => c.steps.flatMap((s) => sentences(plain(s.detail))).map((t) => ({ where: c.slug, text: fold(t), tutorial: true }))),
    ].filter(({ text }) => text.includes('vinaigre'));
    const inMachine = dishwasher.filter(
      ({ text }) => affirmed(text, /vinaigre/).length > 0 && /\b(cycle|programme|panier|cuve|a vide)\b/.test(text),
    );
    // Both a sheet and a tutorial speak of it, so the rule below makes them agree.
    expect(new Set(inMachine.map((u) => u.tutorial))).toEqual(new Set([false, true]));
    for (const { where, text } of inMachine) {
      expect(typographyFree(text), where).toContain("si la notice l'autorise");
      expect(text, where).toMatch(/nettoyant|detartrant/);
      expect(text, where).toContain('250 ml');
    }
    for (const { where, text } of dishwasher) {
      if (/\bjoints?\b/.test(text))
        expect(
          affirmed(text, /vinaigre/).map((m) => m[0]),
          `${where}: ${text}`,
        ).toEqual([]);
      expect(
        affirmed(text, /vinaigre[^.;:]{0,15}\b(dans|au)\b[^.;:]{0,25}rincage/).map((m) => m[0]),
        `${where}: ${text}`,
      ).toEqual([]);
    }
  });
});
