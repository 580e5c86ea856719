import { carbonBySlug, computeRights } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { repairOrReplace } from './repair-or-replace.ts';

const washer = carbonBySlug.get('lave-linge');
const rights = (dtAchat: string, today: string) =>
  computeRights(
    { dtAchat, dtLivraison: null, occasion: false, garantieCommercialeFin: null, productSlug: 'lave-linge', bonusMontant: 50, repairs: [] },
    today,
  );

describe('« Réparer ou remplacer ? »', () => {
  it('under guarantee, sends to the seller', () => {
    const r = repairOrReplace(rights('2025-06-01', '2026-11-24'), '2025-06-01', washer, '2026-11-24');
    expect(r.verdict).toBe('garantie');
    expect(r.texte).toContain('environ 341 kg de CO2e');
  });

  it('out of guarantee and younger than its type, advises repairing with the bonus', () => {
    // Bought after 1 March 2021: the EU's 10 years of parts bind its maker (one bought before has no duration).
    const r = repairOrReplace(rights('2021-06-01', '2026-11-24'), '2021-06-01', washer, '2026-11-24');
    expect(r).toMatchObject({ verdict: 'reparer', ageYears: 5, lifespanYears: 12, partsYearsLeft: 4 });
    expect(r.texte).toBe(
      'Réparer vaut le coup : il a 5 ans, pour une durée de vie moyenne de 12 ans et les pièces détachées restent disponibles encore 4 ans environ. Le bonus réparation de 50 € est déduit de la facture. Réparer évite aussi de fabriquer un appareil neuf : environ 341 kg de CO2e.',
    );
  });

  it('says the smart-fix chance of a successful repair and what it rests on, out of guarantee only', () => {
    const estimate = { probabilite: 0.724, moyenne: 0.68, type: 'Lave-linge', enregistrements: 35 };
    const r = repairOrReplace({ ...rights('2010-01-01', '2026-11-24'), reparabilite: estimate }, '2010-01-01', washer, '2026-11-24');
    expect(r.texte).toContain(
      'Chances qu’une réparation réussisse : environ 72 % pour cet appareil (estimation EcoFoyer ; moyenne du type « Lave-linge » : 68 %, d’après 35 réparations enregistrées en atelier).',
    );
    const covered = repairOrReplace({ ...rights('2025-06-01', '2026-11-24'), reparabilite: estimate }, '2025-06-01', washer, '2026-11-24');
    expect(covered.texte).not.toContain('Chances');
  });

  it('past its lifespan and its parts, does not decide: a diagnosis and a quote first', () => {
    const r = repairOrReplace(rights('2010-01-01', '2026-11-24'), '2010-01-01', washer, '2026-11-24');
    expect(r.verdict).toBe('a-voir');
    expect(r.texte).toContain('Demandez un diagnostic et un devis avant de remplacer');
  });

  it('compares a fridge or a washing machine with a class-A model of the same size', () => {
    const fridge = carbonBySlug.get('refrigerateur');
    const old = repairOrReplace(rights('2010-01-01', '2026-11-24'), '2010-01-01', fridge, '2026-11-24', { kwhYear: 298, classe: 'E' });
    expect(old.texte).toContain(
      'Un modèle neuf de classe A de même taille consommerait au plus 145 kWh par an, contre 298 kWh pour celui-ci : à mettre en regard de sa fabrication.',
    );
    // A washing machine too (2019/2014's bands); not an oven (no label bands), nor without its consumption.
    expect(
      repairOrReplace(rights('2010-01-01', '2026-11-24'), '2010-01-01', washer, '2026-11-24', { kwhYear: 150, classe: 'D' }).texte,
    ).toContain('Un modèle neuf de classe A de même taille consommerait au plus 113 kWh par an, contre 150 kWh pour celui-ci');
    expect(
      repairOrReplace(rights('2010-01-01', '2026-11-24'), '2010-01-01', carbonBySlug.get('four'), '2026-11-24', {
        kwhYear: 150,
        classe: 'D',
      }).texte,
    ).not.toContain('classe A');
    expect(
      repairOrReplace(rights('2010-01-01', '2026-11-24'), '2010-01-01', fridge, '2026-11-24', { kwhYear: null, classe: 'E' }).texte,
    ).not.toContain('classe A');
  });
});
