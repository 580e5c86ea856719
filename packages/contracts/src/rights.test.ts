import { describe, expect, it } from 'vitest';
import { addDays, addMonths, claimLetter, computeRights, type RightsInput } from './rights.ts';

const washer: RightsInput = {
  dtAchat: '2025-03-10',
  dtLivraison: null,
  occasion: false,
  garantieCommercialeFin: null,
  productSlug: 'lave-linge',
  bonusMontant: 50,
  repairs: [],
};

describe('dates as the law counts them', () => {
  it('adds months keeping the day, or the month’s last day when it does not exist', () => {
    expect(addMonths('2024-02-29', 24)).toBe('2026-02-28');
    expect(addMonths('2024-08-31', 6)).toBe('2025-02-28');
    expect(addMonths('2023-11-15', 2)).toBe('2024-01-15');
    expect(addDays('2025-12-28', 10)).toBe('2026-01-07');
  });
});

describe('the legal guarantee of conformity (articles L217-3, L217-7, L217-13)', () => {
  it('runs 2 years from delivery for a new appliance', () => {
    const r = computeRights({ ...washer, dtLivraison: '2025-03-14' }, '2026-11-24');
    expect(r.legale).toEqual({ debut: '2025-03-14', fin: '2027-03-14', active: true, prolongations: [] });
    expect(r.conseil.action).toBe('garantie');
    expect(r.conseil.texte).toContain('jusqu’au 14 mars 2027');
  });

  it('starts from the purchase date when the delivery date is unknown, and ends', () => {
    const r = computeRights({ ...washer, dtAchat: '2022-05-02' }, '2026-11-24');
    expect(r.legale).toMatchObject({ debut: '2022-05-02', fin: '2024-05-02', active: false });
  });

  it('runs 2 years for a second-hand appliance bought from a professional too, the presumption only 12 months (article L217-7)', () => {
    const r = computeRights({ ...washer, occasion: true }, '2026-11-24');
    expect(r.legale).toMatchObject({ fin: '2027-03-10', active: true });
    expect(r.conseil.texte).toContain('il vous faudra montrer que le défaut existait déjà à l’achat (article L217-7)');
    expect(computeRights({ ...washer, occasion: true }, '2025-12-01').conseil.texte).not.toContain('L217-7');
  });

  it('adds 6 months for each repair under the guarantee (repaired twice: 2 years + 12 months)', () => {
    const r = computeRights(
      {
        ...washer,
        repairs: [
          { date: '2025-09-01', sousGarantie: true, immobilisationJours: 12, remplace: false },
          { date: '2026-06-20', sousGarantie: true, immobilisationJours: 3, remplace: false },
        ],
      },
      '2026-11-24',
    );
    expect(r.legale?.fin).toBe('2028-03-10');
    expect(r.legale?.prolongations.map((p) => p.mois)).toEqual([6, 6]);
    expect(r.legale?.prolongations[0]?.raison).toBe('Réparé sous garantie le 1 septembre 2025 : 6 mois de plus');
  });

  it('gives a replacement a new 2-year guarantee', () => {
    const r = computeRights(
      { ...washer, repairs: [{ date: '2026-10-01', sousGarantie: true, immobilisationJours: null, remplace: true }] },
      '2026-11-24',
    );
    expect(r.legale).toMatchObject({ fin: '2028-10-01', active: true });
    expect(r.legale?.prolongations).toEqual([
      { raison: 'Appareil remplacé par le vendeur le 1 octobre 2026 : nouvelle garantie de 2 ans', mois: 24 },
    ]);
  });

  it('ignores a repair made after the guarantee had ended', () => {
    const r = computeRights(
      {
        ...washer,
        dtAchat: '2020-01-01',
        repairs: [{ date: '2023-01-01', sousGarantie: true, immobilisationJours: null, remplace: false }],
      },
      '2026-11-24',
    );
    expect(r.legale).toMatchObject({ fin: '2022-01-01', active: false, prolongations: [] });
  });

  it('for an appliance bought the day before a leap day, ends 2 years later on the same date', () => {
    expect(computeRights({ ...washer, dtAchat: '2024-02-28' }, '2026-02-28').legale).toMatchObject({ fin: '2026-02-28', active: true });
    expect(computeRights({ ...washer, dtAchat: '2024-02-28' }, '2026-03-01').legale?.active).toBe(false);
  });

  it('asks for the purchase date when it is unknown', () => {
    const r = computeRights({ ...washer, dtAchat: null }, '2026-11-24');
    expect(r.legale).toBeNull();
    expect(r.conseil.action).toBe('renseigner');
  });
});

describe('the commercial guarantee (article L217-28)', () => {
  it('is extended by an immobilisation of 7 days or more, not by a shorter one', () => {
    const r = computeRights(
      {
        ...washer,
        dtAchat: '2022-01-10',
        garantieCommercialeFin: '2027-01-10',
        repairs: [
          { date: '2025-05-01', sousGarantie: false, immobilisationJours: 10, remplace: false },
          { date: '2025-09-01', sousGarantie: false, immobilisationJours: 5, remplace: false },
        ],
      },
      '2026-11-24',
    );
    expect(r.commerciale).toEqual({ fin: '2027-01-20', active: true });
    expect(r.conseil.action).toBe('garantie-commerciale');
    expect(r.bonus).toMatchObject({ eligible: false, montant: 50 });
  });
});

describe('spare parts and the repair bonus', () => {
  it('gives the washing machine 10 years of parts from its purchase, said to be an estimate', () => {
    const r = computeRights(washer, '2026-11-24');
    expect(r.pieces).toMatchObject({ jusqua: '2035-03-10', annees: 10 });
    expect(r.pieces.source).toContain('règlement (UE) 2019/2023');
    expect(r.pieces.source).toContain('une estimation');
  });

  it('says the parts’ end as past once the clock is beyond it, never « jusqu’en 2027 » in 2028', () => {
    const laptop = { ...washer, productSlug: 'ordinateur-portable', dtAchat: '2022-02-01' };
    expect(computeRights(laptop, '2028-03-01').pieces).toMatchObject({
      jusqua: '2027-02-01',
      annees: 5,
      texte: 'L’obligation de disponibilité a pris fin en 2027 (estimation)\u00a0: le fabricant ou un réparateur peut encore en avoir.',
    });
    // The reference is the day given, not the year written: the same laptop in 2026, and on the last day itself.
    expect(computeRights(laptop, '2026-11-29').pieces.texte).toBe('Disponibles au moins jusqu’en 2027 (estimation).');
    expect(computeRights(laptop, '2027-02-01').pieces.texte).toBe('Disponibles au moins jusqu’en 2027 (estimation).');
    expect(computeRights(laptop, '2027-02-02').pieces.texte).toContain('a pris fin en 2027');
    expect(computeRights(washer, '2026-11-24').pieces.texte).toBe('Disponibles au moins jusqu’en 2035 (estimation).');
    expect(computeRights({ ...washer, dtAchat: null }, '2026-11-24').pieces.texte).toBe('Au moins 10 ans.');
    expect(computeRights({ ...washer, productSlug: 'tondeuse-a-gazon' }, '2026-11-24').pieces.texte).toBe(
      'Pas de durée minimale fixée par la loi.',
    );
  });

  it('gives a 2012 washer no duration at all: the EU rule binds the units placed on the market from 1 March 2021 only', () => {
    const old = computeRights({ ...washer, dtAchat: '2012-06-15' }, '2026-11-29').pieces;
    expect(old).toMatchObject({ jusqua: null, annees: null, texte: 'Pas de durée minimale pour un appareil de cet âge.' });
    expect(old.source).toContain('Acheté avant le 1er mars 2021');
    expect(old.source).toContain('règlement (UE) 2019/2023');
    expect(old.source).toContain('Règles vérifiées le 29 novembre 2026.');
    // Bought the day the rule applies: covered.
    expect(computeRights({ ...washer, dtAchat: '2021-03-01' }, '2026-11-29').pieces.annees).toBe(10);
  });

  it('never gives a kettle, a vacuum or a desktop PC a duration the law does not give: the maker’s declaration only (L111-4)', () => {
    for (const productSlug of ['bouilloire', 'aspirateur', 'ordinateur-fixe', 'micro-ondes', 'imprimante', 'telephone-fixe']) {
      const p = computeRights({ ...washer, productSlug }, '2026-11-29').pieces;
      expect(p).toMatchObject({ jusqua: null, annees: null, texte: 'Pas de durée minimale fixée par la loi.' });
      expect(p.source).toContain('réputées non disponibles (article L111-4');
      expect(p.source).not.toContain('2021-1943');
    }
    expect(computeRights({ ...washer, productSlug: 'tondeuse-a-gazon' }, '2026-11-24').pieces).toMatchObject({
      jusqua: null,
      annees: null,
    });
  });

  it('gives laptops and smartphones the décret’s 5 years from 2022, smartphones and tablets the EU’s 7 from 20 June 2025, tumble dryers 10 from 1 July 2025', () => {
    const on = (productSlug: string, dtAchat: string) => computeRights({ ...washer, productSlug, dtAchat }, '2026-11-29').pieces;
    expect(on('ordinateur-portable', '2023-05-02')).toMatchObject({ annees: 5, jusqua: '2028-05-02' });
    expect(on('ordinateur-portable', '2023-05-02').source).toContain('décret n° 2021-1943');
    expect(on('ordinateur-portable', '2021-12-31').annees).toBeNull();
    expect(on('telephone-portable', '2024-01-10')).toMatchObject({ annees: 5 });
    expect(on('telephone-portable', '2025-06-20')).toMatchObject({ annees: 7 });
    expect(on('telephone-portable', '2025-06-20').source).toContain('2023/1670');
    expect(on('tablette', '2024-01-10').annees).toBeNull();
    expect(on('tablette', '2025-09-01').annees).toBe(7);
    expect(on('seche-linge', '2025-06-30').annees).toBeNull();
    expect(on('seche-linge', '2025-07-01').annees).toBe(10);
  });

  it('offers the bonus only out of every guarantee', () => {
    expect(computeRights(washer, '2026-11-24').bonus).toMatchObject({ eligible: false, montant: 50 });
    const out = computeRights({ ...washer, dtAchat: '2021-03-10' }, '2026-11-24');
    expect(out.bonus).toEqual({
      eligible: true,
      montant: 50,
      aConfirmer: false,
      raison: 'Hors garantie : 50 € déduits de la facture par un réparateur labellisé QualiRépar.',
    });
    expect(out.conseil.action).toBe('reparer');
    expect(out.conseil.texte).toContain('2 ans de sa découverte');
    expect(computeRights({ ...washer, dtAchat: '2021-03-10', bonusMontant: 0 }, '2026-11-24').bonus.eligible).toBe(false);
  });

  it('never says an unconfirmed amount as sure', () => {
    const out = computeRights({ ...washer, dtAchat: '2021-03-10', bonusMontant: 15, bonusAConfirmer: true }, '2026-11-24');
    expect(out.bonus).toMatchObject({ eligible: true, montant: 15, aConfirmer: true });
    expect(out.bonus.raison).toBe(
      'Hors garantie\u00a0: jusqu’à 15 € (montant à confirmer auprès du réparateur) déduits de la facture par un réparateur labellisé QualiRépar.',
    );
    expect(out.conseil.texte).toContain('le bonus réparation, jusqu’à 15 € (montant à confirmer auprès du réparateur), est déduit');
  });
});

describe('the claim letter', () => {
  const base = {
    prenom: 'Camille',
    nom: 'Durand',
    adresse: '8 rue Verte, 44000 Nantes',
    vendeur: 'Boulanger Lyon',
    appareil: 'Lave-linge',
    marque: 'Bosch',
    modele: 'Série 6',
    numeroSerie: 'FD 9604',
    dtAchat: '2025-01-20',
    dtLivraison: '2025-01-24',
    prixAchat: 549.9,
    occasion: false,
    facture: true,
    defaut: 'Le lave-linge ne vidange pas (15 novembre 2026)',
    aujourdhui: '2026-11-24',
  };
  it('is pre-filled with the appliance, the seller, the dates, the price, the serial number and the defect, and cites the law', () => {
    const text = claimLetter(base).join('\n');
    expect(text).toContain('Boulanger Lyon\n[Adresse du vendeur]');
    expect(text).toContain(
      'Objet : mise en œuvre de la garantie légale de conformité — Lave-linge, Bosch Série 6, numéro de série FD 9604',
    );
    expect(text).toContain(
      'J’ai acheté le 20 janvier 2025, livré le 24 janvier 2025 auprès de Boulanger Lyon l’appareil suivant : Lave-linge, Bosch Série 6, pour un prix de 549,90',
    );
    expect(text).toContain('Cet appareil présente le défaut suivant : Le lave-linge ne vidange pas (15 novembre 2026).');
    expect(text).toMatch(/articles L217-3 et suivants.+trente jours \(article L217-10\).+vingt-quatre mois.+article L217-7/);
  });
  it('addresses the seller by name, then a place for its address, and signs from the household’s address or a place for it', () => {
    const letter = claimLetter(base);
    expect(letter.slice(0, 2)).toEqual(['Camille Durand\n8 rue Verte, 44000 Nantes', 'Boulanger Lyon\n[Adresse du vendeur]']);
    const unknown = claimLetter({ ...base, vendeur: null, adresse: null });
    expect(unknown.slice(0, 2)).toEqual(['Camille Durand\n[Votre adresse]', '[Nom du vendeur]\n[Adresse du vendeur]']);
    expect(unknown.join('\n')).not.toContain('auprès de');
  });

  it('names the defect once, whether or not the breakdown’s title starts with « Panne : »', () => {
    for (const defaut of [
      'Panne : Le lave-linge ne vidange pas (constaté le 15 novembre 2026)',
      'panne\u00a0: Panne : Le lave-linge ne vidange pas (constaté le 15 novembre 2026).',
      'Le lave-linge ne vidange pas (constaté le 15 novembre 2026)',
    ]) {
      const text = claimLetter({ ...base, defaut }).join('\n');
      expect(text).toContain('Cet appareil présente le défaut suivant : Le lave-linge ne vidange pas (constaté le 15 novembre 2026).');
      expect(text).not.toMatch(/panne\s*:/i);
    }
    expect(claimLetter({ ...base, defaut: 'Panne : ' }).join('\n')).toContain('(décrivez ici la panne constatée et sa date)');
  });

  it('says « ci-joint » only when the invoice is kept with the appliance', () => {
    const withInvoice = claimLetter({ ...base, facture: true }).join('\n');
    expect(withInvoice).toContain('Vous trouverez ci-joint une copie de la facture.');
    const without = claimLetter({ ...base, facture: false }).join('\n');
    expect(without).not.toContain('ci-joint');
    expect(without).toContain('Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.');
    // Without a purchase date either, no « facture jointe » to point to: a place to write the date.
    const undated = claimLetter({ ...base, facture: false, dtAchat: null, dtLivraison: null }).join('\n');
    expect(undated).toContain('J’ai acheté le [date d’achat] auprès de Boulanger Lyon');
    expect(undated).not.toContain('jointe');
    expect(claimLetter({ ...base, facture: true, dtAchat: null, dtLivraison: null }).join('\n')).toContain(
      'J’ai acheté à la date indiquée sur la facture jointe',
    );
  });

  it('says what to add when the defect or the seller is unknown, and counts twelve months for second-hand', () => {
    const text = claimLetter({ ...base, vendeur: null, defaut: null, occasion: true, prixAchat: null }).join('\n');
    expect(text).toContain('[Nom du vendeur]');
    expect(text).toContain('(décrivez ici la panne constatée et sa date)');
    expect(text).toContain('douze mois');
    expect(text).not.toContain('prix');
  });
});
