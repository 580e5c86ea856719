import {
  type Claim,
  CLAIM_ANSWER_DAYS,
  CLAIM_ROUTES,
  type ClaimDocumentKind,
  type ClaimRoute,
  type ClaimRouteKind,
  type ClaimStepKind,
  claimDeadline,
} from './claims.ts';
import { bonusAmountFr, dayFrOrdinal as dayFr, repairBonusAsOfFr } from './repair-bonus.ts';
import { addDays, addMonths, type ClaimLetterInput, claimLetter, type Droits, PARTS_RULES } from './rights.ts';

/**
 * « Ma démarche »: which routes are open for one appliance on one day, the letters the app writes
 * for them, and what to do next once a claim is under way. Every text cites the article it rests
 * on; a route whose text is not confirmed as applying in France (the maker's duty to repair of
 * Directive (EU) 2024/1799) is offered as a request, never as a right.
 */

/** The day the facts below were checked against their sources (docs/facts.md, « Claims »). */
export const CLAIMS_FACTS_CHECKED = '2026-11-29';

const NB = '\u00a0';
const CHECKED = `faits vérifiés le ${dayFr(CLAIMS_FACTS_CHECKED)}`;

/**
 * Annex II of Directive (EU) 2024/1799: the goods whose maker must repair them out of the legal
 * guarantee, each as far as the EU act named beside it lays down reparability requirements. The
 * slugs are products.json's; `from`, the day that act's requirements apply to the units placed on
 * the market, is taken from PARTS_RULES (the same regulations) where the app knows it.
 */
export interface AnnexIIGood {
  produits: string;
  acte: string;
  slugs: readonly string[];
}

export const REPAIR_DIRECTIVE_ANNEX_II: readonly AnnexIIGood[] = [
  {
    produits: 'Lave-linge ménagers et lave-linge séchants ménagers',
    acte: 'règlement (UE) 2019/2023',
    slugs: ['lave-linge'],
  },
  { produits: 'Lave-vaisselle ménagers', acte: 'règlement (UE) 2019/2022', slugs: ['lave-vaisselle'] },
  { produits: 'Appareils de réfrigération', acte: 'règlement (UE) 2019/2019', slugs: ['refrigerateur', 'congelateur', 'cave-a-vin'] },
  { produits: 'Écrans électroniques', acte: 'règlement (UE) 2019/2021', slugs: ['televiseur', 'moniteur'] },
  { produits: 'Matériel de soudage', acte: 'règlement (UE) 2019/1784', slugs: [] },
  { produits: 'Aspirateurs', acte: 'règlement (UE) n° 666/2013', slugs: ['aspirateur'] },
  { produits: 'Serveurs et produits de stockage de données', acte: 'règlement (UE) 2019/424', slugs: [] },
  {
    produits: 'Téléphones mobiles, téléphones sans fil et tablettes',
    acte: 'règlement (UE) 2023/1670',
    slugs: ['telephone-portable', 'telephone-fixe', 'tablette'],
  },
  { produits: 'Sèche-linge ménagers', acte: 'règlement (UE) 2023/2533', slugs: ['seche-linge'] },
  {
    produits: 'Biens comportant des batteries de moyens de transport légers',
    acte: 'règlement (UE) 2023/1542',
    slugs: ['trottinette-electrique'],
  },
];

/**
 * The directive's dates and where it stands in French law, as checked on CLAIMS_FACTS_CHECKED:
 * published in the OJ on 10 July 2024, in force on 30 July 2024, to be applied by the Member States
 * from 31 July 2026 (article 22). No French law, ordinance or article of the code de la consommation
 * transposing it could be found that day: `transpositionConfirmee` stays false until one is read,
 * and with it every text says the maker may not yet be bound in France.
 */
export const REPAIR_DIRECTIVE_FACTS = {
  titre: 'Directive (UE) 2024/1799 du 13 juin 2024 établissant des règles communes visant à promouvoir la réparation des biens',
  publieeLe: '2024-07-10',
  enVigueurLe: '2024-07-30',
  applicableLe: '2026-07-31',
  verifieLe: CLAIMS_FACTS_CHECKED,
  transpositionConfirmee: false,
  transposition: `Les États membres devaient appliquer la directive à partir du 31${NB}juillet 2026. Le ${dayFr(CLAIMS_FACTS_CHECKED)}, nous n’avons pas pu confirmer sa transposition en droit français (ni loi, ni ordonnance, ni article du code de la consommation trouvés)${NB}: le fabricant n’y est peut-être pas encore tenu en France.`,
  prolongation: `La directive prolonge de 12${NB}mois la garantie légale quand le consommateur choisit la réparation (article 16, qui modifie l’article 10 de la directive (UE) 2019/771)${NB}: ce n’est pas appliqué en France tant que sa transposition n’est pas confirmée. La loi française ajoute 6${NB}mois de garantie à un bien réparé sous garantie (article L217-13 du code de la consommation).`,
  sources: [
    {
      titre: 'Journal officiel de l’Union européenne, série L, 2024/1799 (EUR-Lex)',
      url: 'https://eur-lex.europa.eu/legal-content/FR/ALL/?uri=OJ:L_202401799',
    },
    {
      titre: 'Synthèse EUR-Lex de la directive (UE) 2024/1799',
      url: 'https://eur-lex.europa.eu/legal-content/FR/TXT/?uri=LEGISSUM:4773300',
    },
    {
      titre: 'Parlement européen, Observatoire législatif, procédure 2023/0083(COD)',
      url: 'https://oeil.secure.europarl.europa.eu/oeil/fr/document-summary?id=1786203',
    },
  ],
} as const;

/** What the server knows of one appliance that the routes depend on. */
export interface ClaimRoutesInput {
  /** Its rights as `computeRights` gives them on the same day. */
  droits: Pick<Droits, 'legale' | 'commerciale' | 'bonus'>;
  /** The product's slug (products.json), for Annex II. */
  productSlug: string | null;
  dtAchat: string | null;
  occasion: boolean;
  /** The day the breakdown was discovered (null or left out: today). */
  decouverte?: string | null;
}

export const CLAIM_ROUTE_TITLES: Record<ClaimRouteKind, string> = {
  'garantie-legale': 'Garantie légale de conformité',
  'garantie-commerciale': 'Garantie commerciale',
  'reparation-fabricant': 'Réparation par le fabricant',
  'vices-caches': 'Garantie des vices cachés',
  'reparateur-bonus': 'Réparateur labellisé et bonus réparation',
  'seconde-vie': 'Seconde vie',
};

const LEGAL_SOURCE = `Code de la consommation, articles L217-3 à L217-14 (garantie légale de conformité)${NB}; ${CHECKED}.`;

/** The Annex II good a product slug belongs to, and the day its act's requirements apply (null: not known to the app). */
export function annexIIGood(productSlug: string | null): (AnnexIIGood & { from: string | null }) | null {
  const good = productSlug ? REPAIR_DIRECTIVE_ANNEX_II.find((g) => g.slugs.includes(productSlug)) : undefined;
  if (!good || !productSlug) return null;
  // The act's date whichever product it was read for (a cordless phone's is the smartphones' 2023/1670).
  const rule = Object.values(PARTS_RULES)
    .flat()
    .find((r) => r.source.includes(good.acte));
  return { ...good, from: rule?.from ?? null };
}

function legalRoute(input: ClaimRoutesInput, day: string, today: string): ClaimRoute {
  const base = {
    voie: 'garantie-legale' as const,
    titre: CLAIM_ROUTE_TITLES['garantie-legale'],
    cout: `Gratuit${NB}: le vendeur répare ou remplace l’appareil sans aucun frais pour vous.`,
    delai: `Le vendeur a 30${NB}jours à compter de votre demande (article L217-10 du code de la consommation).`,
    document: 'demande-vendeur' as const,
    source: LEGAL_SOURCE,
    aConfirmer: false,
  };
  const legale = input.droits.legale;
  if (!legale)
    return {
      ...base,
      applicable: false,
      raison: 'Indiquez la date d’achat (ou de livraison) de l’appareil pour savoir s’il est encore sous garantie légale.',
    };
  if (day > legale.fin)
    return {
      ...base,
      applicable: false,
      raison: `La garantie légale de conformité a pris fin le ${dayFr(legale.fin)} (2${NB}ans depuis la livraison${legale.prolongations.length > 0 ? ', prolongations comprises' : ''}, articles L217-3 et L217-13 du code de la consommation).`,
    };
  const extended = legale.prolongations.length > 0 ? ` ${legale.prolongations.map((p) => p.raison).join('. ')} (article L217-13).` : '';
  const found = day < today ? ` Le défaut est apparu le ${dayFr(day)}, avant cette date${NB}: le vendeur en répond.` : '';
  // The presumption is judged on the day the defect appeared: 12 months for a second-hand good (L217-7), 24 for a new one.
  const presumption =
    input.occasion && day > addMonths(legale.debut, 12)
      ? ` Appareil d’occasion${NB}: le défaut n’est présumé exister à la livraison que pendant 12${NB}mois (article L217-7)${NB}; au-delà, il vous faudra montrer qu’il existait déjà.`
      : '';
  const directive = today >= REPAIR_DIRECTIVE_FACTS.applicableLe ? ` ${REPAIR_DIRECTIVE_FACTS.prolongation}` : '';
  return {
    ...base,
    applicable: true,
    raison: `Sous garantie légale de conformité jusqu’au ${dayFr(legale.fin)}${NB}: le vendeur doit réparer ou remplacer l’appareil (articles L217-3 et suivants du code de la consommation).${extended}${found}${presumption}${directive}`,
  };
}

function commercialRoute(input: ClaimRoutesInput): ClaimRoute {
  const c = input.droits.commerciale;
  return {
    voie: 'garantie-commerciale',
    titre: CLAIM_ROUTE_TITLES['garantie-commerciale'],
    applicable: Boolean(c?.active),
    raison: !c
      ? 'Aucune garantie commerciale n’est renseignée pour cet appareil.'
      : c.active
        ? `Garantie commerciale jusqu’au ${dayFr(c.fin)}${NB}: adressez-vous au garant (vendeur ou fabricant) avec la facture et le contrat de garantie. Elle s’ajoute à la garantie légale sans la remplacer.`
        : `La garantie commerciale a pris fin le ${dayFr(c.fin)}.`,
    cout: 'Ce que prévoit son contrat (souvent gratuit, parfois avec des frais de port ou une franchise)\u00a0: relisez-le avant de demander.',
    delai: 'Celui que fixe son contrat.',
    document: null,
    source: `Code de la consommation, article L217-28 (garantie commerciale, prolongée de toute immobilisation d’au moins 7${NB}jours)${NB}; ${CHECKED}.`,
    aConfirmer: false,
  };
}

function makerRoute(input: ClaimRoutesInput, day: string, today: string): ClaimRoute {
  const good = annexIIGood(input.productSlug);
  const facts = REPAIR_DIRECTIVE_FACTS;
  const base = {
    voie: 'reparation-fabricant' as const,
    titre: CLAIM_ROUTE_TITLES['reparation-fabricant'],
    cout: `Un prix raisonnable fixé par le fabricant (ou gratuit s’il le décide)${NB}; il peut vous prêter un appareil pendant la réparation, gratuitement ou à un coût raisonnable (article 5 de la directive).`,
    delai: `Un délai raisonnable à partir du moment où le fabricant a l’appareil (article 5 de la directive)${NB}: aucun nombre de jours n’est fixé.`,
    document: 'demande-fabricant' as const,
    source: `Directive (UE) 2024/1799, article 5 et annexe II (publiée au Journal officiel de l’Union européenne le 10${NB}juillet 2024, en vigueur le 30${NB}juillet 2024, à appliquer par les États membres à partir du 31${NB}juillet 2026)${NB}; transposition en droit français ${facts.transpositionConfirmee ? 'confirmée' : 'non confirmée'}${NB}; ${CHECKED}.`,
    aConfirmer: !facts.transpositionConfirmee,
  };
  if (!good)
    return {
      ...base,
      applicable: false,
      aConfirmer: false,
      raison: `Ce type d’appareil ne figure pas à l’annexe II de la directive (UE) 2024/1799${NB}: aucun texte n’oblige son fabricant à le réparer hors garantie.`,
    };
  if (today < facts.applicableLe)
    return {
      ...base,
      applicable: false,
      aConfirmer: false,
      raison: `L’obligation de réparer du fabricant (directive (UE) 2024/1799, article 5) ne s’applique qu’à partir du 31${NB}juillet 2026.`,
    };
  const legale = input.droits.legale;
  if (legale && day <= legale.fin)
    return {
      ...base,
      applicable: false,
      aConfirmer: false,
      raison: `Tant que la garantie légale court (jusqu’au ${dayFr(legale.fin)}), c’est au vendeur de réparer gratuitement${NB}: l’obligation du fabricant ne vaut qu’au-delà (article 5 de la directive (UE) 2024/1799).`,
    };
  if (good.from && input.dtAchat && input.dtAchat < good.from)
    return {
      ...base,
      applicable: false,
      aConfirmer: false,
      raison: `Acheté avant le ${dayFr(good.from)}, date à partir de laquelle le ${good.acte} fixe ses exigences de réparabilité${NB}: cet appareil n’en relève probablement pas, et l’obligation du fabricant ne couvre que les appareils qui en relèvent.`,
    };
  const covered = good.from
    ? input.dtAchat
      ? ''
      : ` La date d’achat n’est pas renseignée${NB}: seuls les appareils mis sur le marché depuis le ${dayFr(good.from)} sont concernés.`
    : ` Seuls les appareils couverts par les exigences de réparabilité de ce règlement sont concernés${NB}: la date à partir de laquelle il les impose n’a pas été vérifiée par l’application.`;
  const law = facts.transpositionConfirmee
    ? ' Le fabricant est tenu de le réparer à un prix raisonnable et dans un délai raisonnable.'
    : ` La directive prévoit que le fabricant répare ces appareils à un prix raisonnable et dans un délai raisonnable (article 5). ${facts.transposition} Votre demande peut donc être refusée${NB}: c’est une demande, pas un droit acquis.`;
  return {
    ...base,
    applicable: true,
    raison: `${good.produits}${NB}: appareil de l’annexe II de la directive (UE) 2024/1799 (${good.acte}), hors garantie légale.${covered}${law}`,
  };
}

function hiddenDefectRoute(input: ClaimRoutesInput, day: string, today: string): ClaimRoute {
  const until = addMonths(day, 24);
  const known = Boolean(input.decouverte);
  const base = {
    voie: 'vices-caches' as const,
    titre: CLAIM_ROUTE_TITLES['vices-caches'],
    cout: `Vous devez prouver le vice, souvent par une expertise, parfois avec un avocat. S’il est établi, le vendeur vous rend le prix en reprenant l’appareil, ou une partie du prix si vous le gardez (article 1644 du code civil).`,
    delai: `Agir dans les 2${NB}ans de la découverte du vice (article 1648 du code civil)${known ? `, soit avant le ${dayFr(until)}` : ''}${NB}; une procédure peut durer plusieurs mois.`,
    document: null,
    source: `Code civil, articles 1641, 1644 et 1648 (garantie des vices cachés)${NB}; ${CHECKED}.`,
    aConfirmer: false,
  };
  if (!known || today <= until) {
    const alongside =
      input.droits.legale && day <= input.droits.legale.fin ? ' La garantie légale, plus simple à faire jouer, court encore.' : '';
    return {
      ...base,
      applicable: true,
      raison: `Si le défaut existait déjà à l’achat, était caché et rend l’appareil impropre à son usage, le vendeur en répond (article 1641 du code civil), même après la fin de la garantie légale.${alongside}`,
    };
  }
  return {
    ...base,
    applicable: false,
    raison: `Le défaut a été découvert le ${dayFr(day)}${NB}: le délai de 2${NB}ans pour agir (article 1648 du code civil) a pris fin le ${dayFr(until)}.`,
  };
}

function repairerRoute(input: ClaimRoutesInput, day: string): ClaimRoute {
  const { bonus, legale, commerciale } = input.droits;
  const underGuarantee = Boolean((legale && day <= legale.fin) || commerciale?.active);
  const amount = bonusAmountFr(bonus.montant, bonus.aConfirmer);
  return {
    voie: 'reparateur-bonus',
    titre: CLAIM_ROUTE_TITLES['reparateur-bonus'],
    applicable: !underGuarantee,
    raison: underGuarantee
      ? `Sous garantie, faites-la d’abord jouer${NB}: la réparation est alors gratuite, et le bonus réparation ne s’applique qu’à un appareil hors garantie.`
      : bonus.montant > 0
        ? `Hors garantie${NB}: un réparateur labellisé QualiRépar déduit le bonus réparation (${amount}) de la facture.`
        : `Hors garantie, un réparateur reste souvent le meilleur choix${NB}; ce type d’appareil n’ouvre pas droit au bonus réparation.`,
    cout:
      bonus.montant > 0
        ? `Le prix de la réparation moins ${amount} de bonus, déduits directement de la facture.`
        : 'Le prix de la réparation (pas de bonus pour ce type d’appareil)\u00a0: demandez un devis.',
    delai: 'Un rendez-vous, souvent dans les jours qui suivent, puis le temps de la réparation selon la panne et les pièces.',
    document: 'formulaire-reparation',
    source: `Fonds réparation des éco-organismes, label QualiRépar (${repairBonusAsOfFr().toLowerCase()})${NB}; formulaire européen d’information sur la réparation${NB}: article 4 de la directive (UE) 2024/1799.`,
    aConfirmer: false,
  };
}

function secondLifeRoute(): ClaimRoute {
  return {
    voie: 'seconde-vie',
    titre: CLAIM_ROUTE_TITLES['seconde-vie'],
    applicable: true,
    raison: `Donner, vendre ou recycler l’appareil${NB}: la carte de l’ADEME «${NB}Que faire de mes objets${NB}» indique où le déposer près de chez vous.`,
    cout: 'Gratuit.',
    delai: 'Le temps de trouver preneur ou un point de collecte.',
    document: null,
    source: `ADEME, «${NB}Que faire de mes objets${NB}» (quefairedemesobjets.ademe.fr)${NB}; ${CHECKED}.`,
    aConfirmer: false,
  };
}

/**
 * The six routes for one appliance on `today`, in the order of CLAIM_ROUTES. The day the
 * breakdown was discovered (today when unknown) decides whether a guarantee covers it: a defect
 * that appeared before the legal guarantee's end is the seller's, even if the claim comes later.
 */
export function claimRoutes(input: ClaimRoutesInput, today: string): ClaimRoute[] {
  const day = input.decouverte && input.decouverte <= today ? input.decouverte : today;
  const byKind: Record<ClaimRouteKind, ClaimRoute> = {
    'garantie-legale': legalRoute(input, day, today),
    'garantie-commerciale': commercialRoute(input),
    'reparation-fabricant': makerRoute(input, day, today),
    'vices-caches': hiddenDefectRoute(input, day, today),
    'reparateur-bonus': repairerRoute(input, day),
    'seconde-vie': secondLifeRoute(),
  };
  return CLAIM_ROUTES.map((kind) => byKind[kind]);
}

/**
 * The route advised: the first open one in CLAIM_ROUTES' order that the household can count on —
 * not a request whose legal ground is unconfirmed (`aConfirmer`: the maker may refuse), and not hidden
 * defects, which need proof that the defect existed at the purchase (an expert's report, most often)
 * and fit few breakdowns of an old appliance, which are wear. Both stay listed, open, for who wants
 * them. Null when no route is open.
 */
export function recommendedRoute(routes: readonly ClaimRoute[]): ClaimRouteKind | null {
  const open = routes.filter((r) => r.applicable);
  return (open.find((r) => !r.aConfirmer && r.voie !== 'vices-caches') ?? open[0])?.voie ?? null;
}

/** What the documents need: the claim letter's facts, and who is asked when it is not the seller. */
export interface ClaimDocumentInput extends ClaimLetterInput {
  /** Who is asked (the claim's `destinataire`); null: the seller, the brand or a place to fill. */
  destinataire?: string | null;
  /** The day the first request left (the reminder recalls it); null: a place is left for it. */
  demandeEnvoyee?: string | null;
  /** The product's slug (products.json): the maker's letter names its Annex II group. */
  productSlug?: string | null;
}

const applianceOf = (input: ClaimLetterInput) =>
  [input.appareil, [input.marque, input.modele].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const serialOf = (input: ClaimLetterInput) => (input.numeroSerie ? `, numéro de série ${input.numeroSerie}` : '');
// A breakdown's title often starts with its kind (« Panne : … », from the assistant): the sentence already says it.
// Its first letter lowered to follow « le défaut suivant : », unless it starts an acronym (« LED … »).
const defectOf = (input: ClaimLetterInput) =>
  input.defaut
    ?.replace(/^(\s*panne\s*:\s*)+/i, '')
    .replace(/[\s.]+$/, '')
    .replace(/^(\p{Lu})(?=\p{Ll})/u, (c) => c.toLowerCase()) || '(décrivez ici la panne constatée et sa date)';
const purchaseOf = (input: ClaimLetterInput) =>
  input.dtAchat ? `le ${dayFr(input.dtAchat)}` : input.facture ? 'à la date indiquée sur la facture jointe' : 'le [date d’achat]';
const signatureOf = (input: ClaimLetterInput) => `${input.prenom} ${input.nom}`.trim();
const closing = (input: ClaimLetterInput, enclosed: string) =>
  `${input.facture ? `Vous trouverez ci-joint ${enclosed}. ` : ''}Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.`;

function makerRequest(input: ClaimDocumentInput): string[] {
  const appareil = applianceOf(input);
  const good = annexIIGood(input.productSlug ?? null);
  const maker = input.destinataire ?? input.marque ?? '[Nom du fabricant]';
  return [
    `${signatureOf(input)}\n${input.adresse ?? '[Votre adresse]'}`,
    `${maker}\nService après-vente\n[Adresse du fabricant]`,
    `Le ${dayFr(input.aujourdhui)}`,
    `Objet${NB}: demande de réparation hors garantie — ${appareil}${serialOf(input)}`,
    'Madame, Monsieur,',
    `J’ai acheté ${purchaseOf(input)}${input.vendeur ? ` auprès de ${input.vendeur}` : ''} l’appareil suivant, de votre fabrication${NB}: ${appareil}${good ? ` (${good.produits.toLowerCase()}, annexe II de la directive (UE) 2024/1799, ${good.acte})` : ''}. Il présente le défaut suivant${NB}: ${defectOf(input)}. La garantie légale de conformité due par le vendeur ne le couvre plus.`,
    `L’article 5 de la directive (UE) 2024/1799 du 13${NB}juin 2024, applicable depuis le 31${NB}juillet 2026 selon ses termes, prévoit que le fabricant d’un bien de son annexe II le répare à la demande du consommateur, gratuitement ou à un prix raisonnable, dans un délai raisonnable. Sur ce fondement, je vous demande de me proposer la réparation de cet appareil.`,
    `Je vous remercie de m’indiquer le prix de cette réparation, le délai dans lequel vous pouvez l’effectuer une fois l’appareil en votre possession, et si vous pouvez me prêter un appareil de remplacement pendant sa durée. Si la réparation vous paraît impossible, je vous remercie de m’en donner la raison par écrit.`,
    closing(input, 'une copie de la facture'),
    signatureOf(input),
  ];
}

function repairInformationRequest(input: ClaimDocumentInput): string[] {
  const appareil = applianceOf(input);
  return [
    `${signatureOf(input)}\n${input.adresse ?? '[Votre adresse]'}`,
    `${input.destinataire ?? '[Nom du réparateur]'}\n[Adresse du réparateur]`,
    `Le ${dayFr(input.aujourdhui)}`,
    `Objet${NB}: demande de formulaire européen d’information sur la réparation — ${appareil}${serialOf(input)}`,
    'Madame, Monsieur,',
    `Mon appareil ${appareil}, acheté ${purchaseOf(input)}, présente le défaut suivant${NB}: ${defectOf(input)}.`,
    `Avant de vous en confier la réparation, je vous remercie de bien vouloir me remettre le formulaire européen d’information sur la réparation prévu par l’article 4 de la directive (UE) 2024/1799. Je sais que vous n’êtes pas tenu de le fournir${NB}; il m’aiderait à comparer les offres. Si son établissement a un coût, merci de me l’indiquer au préalable.`,
    `Ce formulaire précise notamment la nature du défaut et la réparation proposée, son prix ou, s’il ne peut être fixé à l’avance, une estimation et son prix maximal, le délai de la réparation, la possibilité de me prêter un appareil pendant sa durée, le lieu où elle sera faite, et la durée pendant laquelle vous vous engagez sur ces conditions. Si vous êtes labellisé QualiRépar, merci d’y faire figurer le bonus réparation déduit.`,
    closing(input, 'une copie de la facture'),
    signatureOf(input),
  ];
}

function sellerReminder(input: ClaimDocumentInput): string[] {
  const appareil = applianceOf(input);
  const seller = input.destinataire ?? input.vendeur;
  const sent = input.demandeEnvoyee;
  return [
    `${signatureOf(input)}\n${input.adresse ?? '[Votre adresse]'}`,
    `${seller ?? '[Nom du vendeur]'}\n[Adresse du vendeur]`,
    `Le ${dayFr(input.aujourdhui)}`,
    `Objet${NB}: relance — mise en œuvre de la garantie légale de conformité — ${appareil}${serialOf(input)}`,
    'Madame, Monsieur,',
    `Par courrier du ${sent ? dayFr(sent) : '[date de votre première demande]'}, je vous ai demandé de mettre en conformité l’appareil suivant, acheté ${purchaseOf(input)}${seller ? ' auprès de vous' : ''}${NB}: ${appareil}, qui présente le défaut suivant${NB}: ${defectOf(input)}.`,
    `L’article L217-10 du code de la consommation vous impartissait un délai de trente jours à compter de cette demande pour le réparer ou le remplacer${sent ? `, soit jusqu’au ${dayFr(addDays(sent, CLAIM_ANSWER_DAYS))}` : ''}. Ce délai est expiré sans que l’appareil ait été mis en conformité. Je vous demande d’y procéder sans délai.`,
    `À défaut, je serai en droit, conformément à l’article L217-14 du même code, d’obtenir une réduction du prix ou la résolution de la vente, avec le remboursement du prix contre la restitution de l’appareil. Je saisirai également le médiateur de la consommation dont vous relevez, auquel tout professionnel doit permettre à ses clients de recourir gratuitement (article L612-1 du même code)${NB}; je vous remercie de m’en communiquer les coordonnées.`,
    closing(input, 'une copie de la facture'),
    signatureOf(input),
  ];
}

/**
 * One document as paragraphs (the sender's and the recipient's blocks with their lines joined by
 * « \n »), pre-filled with what the app knows, a bracketed place for what it does not
 * (« [Adresse du fabricant] »), and « ci-joint » only when an invoice file is kept.
 */
export function claimDocument(kind: ClaimDocumentKind, input: ClaimDocumentInput): string[] {
  switch (kind) {
    case 'demande-vendeur':
      return claimLetter({ ...input, vendeur: input.destinataire ?? input.vendeur });
    case 'demande-fabricant':
      return makerRequest(input);
    case 'formulaire-reparation':
      return repairInformationRequest(input);
    case 'relance-vendeur':
      return sellerReminder(input);
  }
}

/** One thing to do next: `action` names the step to record (CLAIM_STEPS) or the document to send. */
export interface ClaimNextStep {
  action: string;
  texte: string;
}

const WHO: Record<ClaimRouteKind, string> = {
  'garantie-legale': 'du vendeur',
  'garantie-commerciale': 'du garant',
  'reparation-fabricant': 'du fabricant',
  'vices-caches': 'du vendeur',
  'reparateur-bonus': 'du réparateur',
  'seconde-vie': 'du professionnel',
};

/** When nothing moves or the answer is no: the free ways out of court, then the court. */
function escalation(claim: Pick<Claim, 'voie' | 'etapes'>): ClaimNextStep[] {
  const taken = new Set(claim.etapes.map((s) => s.type));
  const steps: ClaimNextStep[] = [
    {
      action: 'mediation',
      texte: `Saisissez gratuitement le médiateur de la consommation ${WHO[claim.voie]}${NB}: tout professionnel doit permettre à ses clients d’y recourir et leur en donner les coordonnées (articles L612-1 et L616-1 du code de la consommation).`,
    },
    {
      action: 'signalconso',
      texte: `Signalez le problème sur SignalConso (signal.conso.gouv.fr), le service de la DGCCRF${NB}: l’entreprise est prévenue et peut vous répondre, mais le signalement ne règle pas votre litige.`,
    },
    {
      action: 'conciliateur',
      texte: `Un conciliateur de justice peut vous aider gratuitement à trouver un accord${NB}: trouvez une permanence près de chez vous sur conciliateurs.fr.`,
    },
  ].filter((s) => !taken.has(s.action as ClaimStepKind));
  steps.push({
    action: 'tribunal',
    texte: `Si rien n’aboutit, le tribunal judiciaire peut être saisi${NB}; pour une demande de 5\u202f000${NB}€ au plus, une tentative de conciliation ou de médiation doit l’avoir précédée (article 750-1 du code de procédure civile).`,
  });
  return steps;
}

/**
 * What to do next with a claim on `today`: send it; wait for the answer until its deadline
 * (claimDeadline); past it, remind the seller (the reminder letter) or, after a reminder left
 * unanswered or a refusal, the mediator, SignalConso, the conciliateur, then the court. Nothing
 * once the claim ended otherwise than refused.
 */
export function claimNextSteps(claim: Pick<Claim, 'voie' | 'statut' | 'etapes' | 'issue'>, today: string): ClaimNextStep[] {
  if (claim.issue === 'refusee') return claim.voie === 'seconde-vie' ? [] : escalation(claim);
  if (claim.issue !== null || claim.statut === 'terminee') return [];
  const sent = claim.etapes.some((s) => s.type === 'envoyee');
  if (!sent)
    return [
      {
        action: 'envoyee',
        texte:
          claim.voie === 'garantie-legale'
            ? `Envoyez votre demande au vendeur par écrit (de préférence en recommandé avec accusé de réception), puis notez sa date${NB}: elle fait courir ses 30${NB}jours.`
            : 'Envoyez votre demande, puis notez sa date.',
      },
    ];
  const due = claimDeadline(claim);
  if (due === null)
    return [{ action: 'issue', texte: 'Quand la démarche aboutit, notez son issue (réparé, remplacé, remboursé ou refusé).' }];
  if (today <= due) return [{ action: 'attendre', texte: `Réponse attendue au plus tard le ${dayFr(due)}.` }];
  if (claim.etapes.some((s) => s.type === 'relance')) return escalation(claim);
  return [
    claim.voie === 'garantie-legale'
      ? {
          action: 'relance-vendeur',
          texte: `Le vendeur devait mettre l’appareil en conformité avant le ${dayFr(due)} (30${NB}jours, article L217-10 du code de la consommation)${NB}: envoyez-lui la lettre de relance. Sans suite, vous pourrez demander une réduction du prix ou l’annulation de la vente (article L217-14).`,
        }
      : {
          action: 'relance',
          texte: `Sans réponse ${WHO[claim.voie]} depuis le ${dayFr(due)}${NB}: relancez-le par écrit, puis notez la date de la relance.`,
        },
  ];
}
