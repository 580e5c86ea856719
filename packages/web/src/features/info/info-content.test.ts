import { describe, it, expect } from 'vitest';
import { DEFAULT_EDITOR_NAME, GAS_SAFETY, type LegalInfo } from '@ecofoyer/contracts';
import { CGU_UPDATED_AT, cguSections } from './cgu-content';
import { CARBON_SOURCES, faqGroups } from './faq-content';
import { privacySections } from './privacy-content';

/** What an operator configures (EDITOR_NAME, EDITOR_ADDRESS, EDITOR_EMAIL), and what nobody did. */
const CONFIGURED: LegalInfo = {
  editeur: 'Association Répare Ton Quartier',
  adresse: '4 rue des Artisans, 69007 Lyon',
  contact: 'contact@repare-ton-quartier.fr',
};
const UNCONFIGURED: LegalInfo = { editeur: DEFAULT_EDITOR_NAME, adresse: null, contact: null };
const CGU_SECTIONS = cguSections(CONFIGURED);
const FAQ_GROUPS = faqGroups(CONFIGURED);

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALLOWED_URLS = ['https://www.cnil.fr', 'https://quefairedemesobjets.ademe.fr'];

const cguIds = CGU_SECTIONS.map((section) => section.id);
const faqIds = FAQ_GROUPS.flatMap((group) => [group.id, ...group.items.map((item) => item.id)]);
const faqItems = FAQ_GROUPS.flatMap((group) => group.items);

const allTexts: string[] = [
  ...CGU_SECTIONS.flatMap((section) => [section.title, ...section.paragraphs]),
  ...FAQ_GROUPS.flatMap((group) => [group.title, ...group.items.flatMap((item) => [item.question, ...item.answer])]),
];

function duplicates(values: string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function isFilled(text: string): boolean {
  return text.trim().length > 0 && text === text.trim();
}

describe('CGU', () => {
  it('a une date de mise à jour au format AAAA-MM-JJ', () => {
    expect(CGU_UPDATED_AT).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(CGU_UPDATED_AT))).toBe(false);
  });

  it('compte entre 10 et 14 sections', () => {
    expect(CGU_SECTIONS.length).toBeGreaterThanOrEqual(10);
    expect(CGU_SECTIONS.length).toBeLessThanOrEqual(14);
  });

  it('a des identifiants uniques en kebab-case', () => {
    for (const id of cguIds) expect(id).toMatch(KEBAB_CASE);
    expect(duplicates(cguIds)).toEqual([]);
  });

  it('a un titre et des paragraphes non vides dans chaque section', () => {
    for (const section of CGU_SECTIONS) {
      expect(isFilled(section.title), section.id).toBe(true);
      expect(section.paragraphs.length, section.id).toBeGreaterThan(0);
      for (const paragraph of section.paragraphs) expect(isFilled(paragraph), section.id).toBe(true);
    }
  });

  it("nomme l'éditeur configuré, et n'affiche jamais de champ à remplir entre crochets", () => {
    const text = CGU_SECTIONS.flatMap((section) => section.paragraphs).join('\n');
    expect(text).toContain('Association Répare Ton Quartier, 4 rue des Artisans, 69007 Lyon');
    expect(text).toContain('contact@repare-ton-quartier.fr');
    for (const editor of [CONFIGURED, UNCONFIGURED]) {
      const all = [...cguSections(editor), ...privacySections(editor)]
        .flatMap((s) => [s.title, ...s.paragraphs])
        .concat(faqGroups(editor).flatMap((g) => g.items.flatMap((i) => i.answer)));
      for (const line of all) {
        expect(line, line).not.toMatch(/\[[^\]]*\]|\bundefined\b|\bnull\b/);
        expect(line, line).not.toMatch(/, ,|à \.|à ,/);
      }
    }
    const unconfigured = cguSections(UNCONFIGURED)
      .flatMap((s) => s.paragraphs)
      .join('\n');
    expect(unconfigured).toContain(DEFAULT_EDITOR_NAME);
    expect(unconfigured).not.toContain('Par courrier');
  });

  it('dit où exercer ses droits dans l’application, et la politique de confidentialité dit les durées appliquées', () => {
    const privacy = privacySections(CONFIGURED)
      .flatMap((s) => s.paragraphs)
      .join('\n');
    for (const words of [
      'Télécharger mes données',
      'Supprimer mon compte',
      'Mes appareils connectés',
      '90 jours',
      '1 heure',
      '24 heures',
      '30 jours',
      '400 jours',
      '1 an',
      'CNIL',
    ])
      expect(privacy).toContain(words);
  });
});

describe('FAQ', () => {
  // Le foyer et ses partages ont leur groupe ; au-delà de 7 groupes et 45 questions, la page se parcourt mal sur un téléphone.
  it('compte entre 5 et 7 groupes et entre 25 et 45 questions', () => {
    expect(FAQ_GROUPS.length).toBeGreaterThanOrEqual(5);
    expect(FAQ_GROUPS.length).toBeLessThanOrEqual(7);
    expect(faqItems.length).toBeGreaterThanOrEqual(25);
    expect(faqItems.length).toBeLessThanOrEqual(45);
  });

  it('a des identifiants uniques en kebab-case (groupes et questions)', () => {
    for (const id of faqIds) expect(id).toMatch(KEBAB_CASE);
    expect(duplicates(faqIds)).toEqual([]);
  });

  it('a un titre, des questions et des réponses non vides', () => {
    for (const group of FAQ_GROUPS) {
      expect(isFilled(group.title), group.id).toBe(true);
      expect(group.items.length, group.id).toBeGreaterThan(0);
      for (const item of group.items) {
        expect(isFilled(item.question), item.id).toBe(true);
        expect(item.question.endsWith('?'), item.id).toBe(true);
        expect(item.answer.length, item.id).toBeGreaterThan(0);
        for (const paragraph of item.answer) expect(isFilled(paragraph), item.id).toBe(true);
      }
    }
  });
});

describe('contenus', () => {
  it("n'utilise aucun identifiant à la fois dans les CGU et dans la FAQ", () => {
    expect(duplicates([...cguIds, ...faqIds])).toEqual([]);
  });

  it('reste du texte brut, sans HTML ni markdown', () => {
    for (const text of allTexts) {
      expect(text, text).not.toMatch(/<\/?[a-z!][^>]*>/i);
      expect(text, text).not.toMatch(/\*\*|__|`|\]\(|^#{1,6}\s|^\s*[-*]\s/m);
    }
  });

  it('ne cite que les adresses web autorisées', () => {
    for (const text of allTexts) {
      for (const url of text.match(/https?:\/\/[^\s,;)]+/g) ?? []) {
        expect(ALLOWED_URLS, url).toContain(url.replace(/\.$/, ''));
      }
      expect(text, text).not.toMatch(/\bwww\.(?!cnil\.fr)/);
    }
  });

  it('ne dit pas « ADEME » des chiffres carbone que l’ADEME ne publie pas : combien viennent d’elle, combien sont estimés', () => {
    const answer = faqItems.find((item) => item.id === 'calcul-carbone')!.answer.join(' ');
    const { total, ademe, phases, estimated } = CARBON_SOURCES;
    expect(ademe + phases + estimated).toBe(total);
    expect(ademe).toBeLessThan(total);
    expect(answer).toContain(`Pour ${ademe} des ${total} types d’appareils, les chiffres sont ceux de l’ADEME`);
    expect(answer).toContain(`Pour les ${estimated} restants, l’ADEME ne publie pas de chiffre`);
    expect(answer).not.toMatch(/s'appuie sur les données publiques de l'ADEME/);
  });

  it("dit, pour une odeur de gaz, le rappel de l'assistant et des fiches, avec le numéro d'urgence (item 9)", () => {
    const gas = faqItems.flatMap((item) => item.answer).filter((paragraph) => /odeur de gaz/i.test(paragraph));
    expect(gas).toEqual([GAS_SAFETY.rappel]);
    expect(gas[0]).toContain('0 800 47 33 33');
  });
});
