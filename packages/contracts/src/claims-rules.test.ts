import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  annexIIGood,
  type ClaimDocumentInput,
  type ClaimRoutesInput,
  claimDocument,
  claimNextSteps,
  claimRoutes,
  REPAIR_DIRECTIVE_ANNEX_II,
  REPAIR_DIRECTIVE_FACTS,
  recommendedRoute,
} from './claims-rules.ts';
import { CLAIM_DOCUMENTS, CLAIM_ROUTES, type Claim, type ClaimRouteKind } from './claims.ts';
import { computeRights, type RightsRepair } from './rights.ts';
import { typographyFaults } from './typography.ts';

/** An appliance's routes on `today`, its rights computed as the server does. */
function routesOf(
  a: {
    slug: string;
    achat: string;
    occasion?: boolean;
    repairs?: RightsRepair[];
    bonus?: number;
    bonusAConfirmer?: boolean;
    commerciale?: string;
    decouverte?: string;
  },
  today: string,
) {
  const droits = computeRights(
    {
      dtAchat: a.achat,
      dtLivraison: null,
      occasion: a.occasion ?? false,
      garantieCommercialeFin: a.commerciale ?? null,
      productSlug: a.slug,
      bonusMontant: a.bonus ?? 0,
      bonusAConfirmer: a.bonusAConfirmer,
      repairs: a.repairs ?? [],
    },
    today,
  );
  const input: ClaimRoutesInput = {
    droits,
    productSlug: a.slug,
    dtAchat: a.achat,
    occasion: a.occasion ?? false,
    decouverte: a.decouverte ?? null,
  };
  const routes = claimRoutes(input, today);
  const route = (kind: ClaimRouteKind) => routes.find((r) => r.voie === kind)!;
  return { routes, route, droits };
}

const repair = (date: string, over: Partial<RightsRepair> = {}): RightsRepair => ({
  date,
  sousGarantie: true,
  immobilisationJours: null,
  remplace: false,
  ...over,
});

const allTexts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(allTexts) : [];

describe('the routes of a claim', () => {
  it('are the six routes in their order, each saying why, what it costs, how long, and its source', () => {
    const { routes } = routesOf({ slug: 'lave-linge', achat: '2023-03-10', bonus: 50 }, '2026-11-29');
    expect(routes.map((r) => r.voie)).toEqual([...CLAIM_ROUTES]);
    for (const r of routes) {
      for (const field of [r.titre, r.raison, r.cout, r.delai, r.source]) expect(field.length).toBeGreaterThan(5);
      expect(typographyFaults(allTexts(r).join('\n'))).toEqual([]);
    }
  });

  it('offers the maker’s repair of an Annex II washing machine from 31 July 2026 only, as a request while its transposition is unconfirmed', () => {
    const washer = { slug: 'lave-linge', achat: '2022-04-15', bonus: 50 };
    const before = routesOf(washer, '2026-07-30');
    expect(before.route('reparation-fabricant')).toMatchObject({ applicable: false, aConfirmer: false });
    expect(before.route('reparation-fabricant').raison).toContain('qu’à partir du 31\u00a0juillet 2026');
    // Out of guarantee: the labelled repairer with the bonus, not hidden defects (proof needed, rarely wear).
    expect(recommendedRoute(before.routes)).toBe('reparateur-bonus');

    const after = routesOf(washer, '2026-11-29');
    const maker = after.route('reparation-fabricant');
    expect(maker).toMatchObject({ applicable: true, aConfirmer: true, document: 'demande-fabricant' });
    expect(maker.raison).toContain('règlement (UE) 2019/2023');
    expect(maker.raison).toContain('nous n’avons pas pu confirmer sa transposition en droit français');
    expect(maker.raison).toContain('pas un droit acquis');
    expect(maker.source).toContain('non confirmée');
    // A request the maker may refuse is offered, not advised.
    expect(recommendedRoute(after.routes)).toBe('reparateur-bonus');
    expect(REPAIR_DIRECTIVE_FACTS.transpositionConfirmee).toBe(false);
  });

  it('never offers the maker’s repair of a kettle, which Annex II does not list, nor of a washer bought before its regulation applied', () => {
    const kettle = routesOf({ slug: 'bouilloire', achat: '2022-04-15', bonus: 15 }, '2026-11-29');
    expect(kettle.route('reparation-fabricant')).toMatchObject({ applicable: false, aConfirmer: false });
    expect(kettle.route('reparation-fabricant').raison).toContain('ne figure pas à l’annexe II');
    expect(kettle.route('reparateur-bonus')).toMatchObject({ applicable: true });
    expect(kettle.route('reparateur-bonus').cout).toMatch(/moins 15\s€ de bonus/);

    const old = routesOf({ slug: 'lave-linge', achat: '2020-06-01' }, '2026-11-29');
    expect(old.route('reparation-fabricant').applicable).toBe(false);
    expect(old.route('reparation-fabricant').raison).toContain('Acheté avant le 1er mars 2021');
  });

  it('takes the date an Annex II act applies from the spare-parts rules, whatever product it was read for', () => {
    expect(annexIIGood('lave-linge')?.from).toBe('2021-03-01');
    expect(annexIIGood('seche-linge')?.from).toBe('2025-07-01');
    expect(annexIIGood('telephone-fixe')).toMatchObject({ acte: 'règlement (UE) 2023/1670', from: '2025-06-20' });
    expect(annexIIGood('aspirateur')).toMatchObject({ from: null });
    expect(annexIIGood('bouilloire')).toBeNull();
    // A tumble dryer of 2024 predates its regulation: not covered.
    const dryer = routesOf({ slug: 'seche-linge', achat: '2024-02-01' }, '2026-11-29');
    expect(dryer.route('reparation-fabricant').applicable).toBe(false);
  });

  it('opens the seller’s legal guarantee first while it runs, and says the directive’s 12 months do not apply in France yet', () => {
    const early = routesOf({ slug: 'lave-linge', achat: '2025-09-01' }, '2026-05-01');
    expect(early.route('garantie-legale')).toMatchObject({ applicable: true, aConfirmer: false, document: 'demande-vendeur' });
    expect(early.route('garantie-legale').raison).not.toContain('12\u00a0mois');
    expect(early.route('garantie-legale').delai).toContain('30\u00a0jours');
    expect(early.route('reparateur-bonus').applicable).toBe(false);
    expect(recommendedRoute(early.routes)).toBe('garantie-legale');

    const late = routesOf({ slug: 'lave-linge', achat: '2025-09-01' }, '2026-11-29');
    expect(late.route('garantie-legale').raison).toContain('ce n’est pas appliqué en France tant que sa transposition n’est pas confirmée');
    expect(late.route('garantie-legale').raison).toContain('L217-13');
  });

  it('warns about the 12-month presumption for a second-hand good past 12 months, not for a new one', () => {
    const used = routesOf({ slug: 'refrigerateur', achat: '2025-06-01', occasion: true }, '2026-11-29');
    expect(used.route('garantie-legale').applicable).toBe(true);
    expect(used.route('garantie-legale').raison).toContain('article L217-7');
    const usedYoung = routesOf({ slug: 'refrigerateur', achat: '2026-03-01', occasion: true }, '2026-11-29');
    expect(usedYoung.route('garantie-legale').raison).not.toContain('L217-7');
    const fresh = routesOf({ slug: 'refrigerateur', achat: '2025-06-01' }, '2026-11-29');
    expect(fresh.route('garantie-legale').raison).not.toContain('L217-7');
  });

  it('keeps the legal route open for an appliance repaired twice under guarantee (its end moved twice by 6 months)', () => {
    const twice = routesOf(
      { slug: 'lave-vaisselle', achat: '2024-01-10', repairs: [repair('2025-03-01'), repair('2025-12-01')] },
      '2026-11-29',
    );
    expect(twice.droits.legale?.fin).toBe('2027-01-10');
    const legal = twice.route('garantie-legale');
    expect(legal.applicable).toBe(true);
    expect(legal.raison).toContain('10 janvier 2027');
    expect(legal.raison.match(/6\smois de plus/g)).toHaveLength(2);
    // The seller is still bound: the maker's duty, beyond the legal guarantee, is not open.
    expect(twice.route('reparation-fabricant').applicable).toBe(false);
    expect(twice.route('reparation-fabricant').raison).toContain('c’est au vendeur');
  });

  it('gives a replaced appliance a new 2-year legal guarantee', () => {
    const replaced = routesOf(
      { slug: 'televiseur', achat: '2023-01-05', repairs: [repair('2024-12-01', { remplace: true })] },
      '2026-11-29',
    );
    expect(replaced.droits.legale?.fin).toBe('2026-12-01');
    expect(replaced.route('garantie-legale').applicable).toBe(true);
    expect(replaced.route('garantie-legale').raison).toContain('nouvelle garantie de 2 ans');
  });

  it('counts a defect found before the guarantee’s end as the seller’s, and closes hidden defects 2 years after the discovery', () => {
    const found = routesOf({ slug: 'lave-linge', achat: '2024-11-01', decouverte: '2026-10-20' }, '2026-11-29');
    expect(found.route('garantie-legale').applicable).toBe(true);
    expect(found.route('garantie-legale').raison).toContain('Le défaut est apparu le 20 octobre 2026');
    expect(found.route('vices-caches').delai).toContain('20 octobre 2028');

    const late = routesOf({ slug: 'lave-linge', achat: '2020-11-01', decouverte: '2024-09-01' }, '2026-11-29');
    expect(late.route('vices-caches').applicable).toBe(false);
    expect(late.route('vices-caches').raison).toContain('a pris fin le 1er septembre 2026');
  });

  it('says an unconfirmed bonus « à confirmer », and the commercial guarantee while it runs', () => {
    const tablet = routesOf({ slug: 'tablette', achat: '2022-02-01', bonus: 25, bonusAConfirmer: true }, '2026-11-29');
    expect(tablet.route('reparateur-bonus').cout).toContain('montant à confirmer auprès du réparateur');
    const covered = routesOf({ slug: 'lave-linge', achat: '2023-02-01', commerciale: '2027-02-01', bonus: 50 }, '2026-11-29');
    expect(covered.route('garantie-commerciale')).toMatchObject({ applicable: true });
    expect(covered.route('garantie-commerciale').source).toContain('L217-28');
    expect(covered.route('reparateur-bonus').applicable).toBe(false);
    expect(recommendedRoute(covered.routes)).toBe('garantie-commerciale');
  });

  it('always leaves a second life, and recommends nothing when no route is open', () => {
    const { route } = routesOf({ slug: 'bouilloire', achat: '2010-01-01' }, '2026-11-29');
    expect(route('seconde-vie')).toMatchObject({ applicable: true, document: null });
    expect(route('seconde-vie').raison).toContain('Que faire de mes objets');
    expect(recommendedRoute([])).toBeNull();
  });
});

const letter: ClaimDocumentInput = {
  prenom: 'Camille',
  nom: 'Durand',
  adresse: '12 rue des Lilas\n69003 Lyon',
  vendeur: 'Boulanger Lyon',
  appareil: 'Lave-linge',
  marque: 'Bosch',
  modele: 'Série 6',
  numeroSerie: 'FD 9604 200123',
  dtAchat: '2022-04-15',
  dtLivraison: null,
  prixAchat: 549.9,
  occasion: false,
  facture: false,
  defaut: 'Panne : ne vidange plus.',
  aujourdhui: '2026-11-29',
  productSlug: 'lave-linge',
  demandeEnvoyee: '2026-10-01',
};

describe('the documents of a claim', () => {
  it('each carries the appliance’s facts, its articles, no « ci-joint » without a file and « Panne : » once at most', () => {
    const articles: Record<(typeof CLAIM_DOCUMENTS)[number], string[]> = {
      'demande-vendeur': ['L217-3', 'L217-10', 'L217-7'],
      'demande-fabricant': ['article 5 de la directive (UE) 2024/1799', '31\u00a0juillet 2026', 'règlement (UE) 2019/2023'],
      'formulaire-reparation': ['article 4 de la directive (UE) 2024/1799'],
      'relance-vendeur': ['L217-10', 'L217-14', 'L612-1', '1er octobre 2026', '31 octobre 2026'],
    };
    for (const kind of CLAIM_DOCUMENTS) {
      const text = claimDocument(kind, letter).join('\n');
      expect(text, kind).toContain('Lave-linge, Bosch Série 6');
      expect(text, kind).toContain('FD 9604 200123');
      expect(text, kind).toContain('ne vidange plus');
      expect(text, kind).not.toMatch(/panne\s*:/i);
      expect(text, kind).not.toContain('ci-joint');
      expect(text, kind).toContain('Camille Durand');
      for (const a of articles[kind]) expect(text, kind).toContain(a);
      expect(typographyFaults(text), kind).toEqual([]);
      expect(claimDocument(kind, { ...letter, facture: true }).join('\n'), kind).toContain('ci-joint une copie de la facture');
    }
  });

  it('asks the maker for a proposal, never claims a right, and leaves a place for what the app does not know', () => {
    const text = claimDocument('demande-fabricant', { ...letter, marque: null, modele: null }).join('\n');
    expect(text).toContain('[Nom du fabricant]');
    expect(text).toContain('[Adresse du fabricant]');
    expect(text).toContain('je vous demande de me proposer la réparation');
    expect(text).toContain('prêter un appareil de remplacement');
    expect(claimDocument('demande-fabricant', letter).join('\n')).toContain('Bosch\nService après-vente');
  });

  it('asks a repairer politely for the voluntary form, saying what it holds', () => {
    const text = claimDocument('formulaire-reparation', { ...letter, destinataire: 'Répar’Tout' }).join('\n');
    expect(text).toContain('Répar’Tout\n[Adresse du réparateur]');
    expect(text).toContain('vous n’êtes pas tenu de le fournir');
    for (const item of ['prix', 'délai', 'prêter un appareil', 'lieu']) expect(text).toContain(item);
  });

  it('writes the seller’s letter as claimLetter does, to the recipient of the claim, and a reminder without the first request’s date leaves a place for it', () => {
    expect(claimDocument('demande-vendeur', { ...letter, destinataire: 'Darty Part-Dieu' })[1]).toBe(
      'Darty Part-Dieu\n[Adresse du vendeur]',
    );
    const reminder = claimDocument('relance-vendeur', { ...letter, demandeEnvoyee: null }).join('\n');
    expect(reminder).toContain('[date de votre première demande]');
    expect(reminder).not.toContain('soit jusqu’au');
  });
});

const step = (type: Claim['etapes'][number]['type'], date: string, issue: Claim['issue'] = null): Claim['etapes'][number] => ({
  id: 1,
  type,
  date,
  note: null,
  issue,
  auteur: null,
});

describe('what comes next in a claim', () => {
  const legal = { voie: 'garantie-legale' as const, statut: 'envoyee' as const, issue: null };

  it('sends the request first, then waits for the seller until the 30th day', () => {
    expect(claimNextSteps({ ...legal, statut: 'preparee', etapes: [] }, '2026-10-01').map((s) => s.action)).toEqual(['envoyee']);
    const waiting = claimNextSteps({ ...legal, etapes: [step('envoyee', '2026-10-01')] }, '2026-10-31');
    expect(waiting).toEqual([{ action: 'attendre', texte: 'Réponse attendue au plus tard le 31 octobre 2026.' }]);
  });

  it('sends the reminder letter once the seller’s 30 days passed without an answer', () => {
    const [next, ...rest] = claimNextSteps({ ...legal, etapes: [step('envoyee', '2026-10-01')] }, '2026-11-01');
    expect(rest).toEqual([]);
    expect(next.action).toBe('relance-vendeur');
    expect(next.texte).toContain('L217-10');
    expect(next.texte).toContain('L217-14');
    const maker = claimNextSteps({ ...legal, voie: 'reparation-fabricant', etapes: [step('envoyee', '2026-10-01')] }, '2026-11-01');
    expect(maker.map((s) => s.action)).toEqual(['relance']);
  });

  it('after a reminder left unanswered, or a refusal: the mediator, SignalConso, the conciliateur, then the court', () => {
    const afterReminder = claimNextSteps(
      { ...legal, etapes: [step('envoyee', '2026-10-01'), step('relance', '2026-11-02')] },
      '2026-11-18',
    );
    expect(afterReminder.map((s) => s.action)).toEqual(['mediation', 'signalconso', 'conciliateur', 'tribunal']);
    expect(afterReminder[0].texte).toContain('L612-1');
    expect(afterReminder[1].texte).toContain('signal.conso.gouv.fr');
    expect(afterReminder[1].texte).toContain('ne règle pas votre litige');
    expect(afterReminder[2].texte).toContain('conciliateurs.fr');
    expect(afterReminder[3].texte).toContain('5\u202f000\u00a0€');
    // Still within the reminder's 15 days: wait.
    expect(
      claimNextSteps({ ...legal, etapes: [step('envoyee', '2026-10-01'), step('relance', '2026-11-02')] }, '2026-11-17')[0].action,
    ).toBe('attendre');

    const refused = claimNextSteps(
      { ...legal, statut: 'terminee', issue: 'refusee', etapes: [step('envoyee', '2026-10-01'), step('mediation', '2026-11-10')] },
      '2026-11-29',
    );
    expect(refused.map((s) => s.action)).toEqual(['signalconso', 'conciliateur', 'tribunal']);
    for (const s of [...afterReminder, ...refused]) expect(typographyFaults(s.texte)).toEqual([]);
  });

  it('has nothing left once the claim ended otherwise than refused', () => {
    const done = { ...legal, statut: 'terminee' as const, issue: 'reparee' as const };
    expect(
      claimNextSteps({ ...done, etapes: [step('envoyee', '2026-10-01'), step('issue', '2026-10-20', 'reparee')] }, '2026-11-29'),
    ).toEqual([]);
  });
});

describe('the facts of the claims (docs/facts.md, « Claims »)', () => {
  const facts = readFileSync(new URL('../../../docs/facts.md', import.meta.url), 'utf8');
  const section = facts.slice(facts.indexOf('## Claims'), facts.indexOf('\n## ', facts.indexOf('## Claims') + 1));

  it('lists every Annex II act, the directive’s dates and its transposition status as the code states them', () => {
    for (const good of REPAIR_DIRECTIVE_ANNEX_II) expect(section, good.acte).toContain(good.acte.replace(/^règlement \(UE\) (n° )?/, ''));
    for (const day of ['10 July 2024', '30 July 2024', '31 July 2026']) expect(section).toContain(day);
    expect(section).toContain(REPAIR_DIRECTIVE_FACTS.transpositionConfirmee ? '**Confirmed' : '**Not confirmed.**');
    expect(section).toContain(REPAIR_DIRECTIVE_FACTS.verifieLe);
  });
});
