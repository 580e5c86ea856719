import { z } from 'zod';
import { dayFr } from './dates.ts';
import { bonusAmountFr, bonusOfFr } from './repair-bonus.ts';

/**
 * « Mes droits »: what French consumer law gives a household for one appliance,
 * computed from its paperwork. Every rule cites its article; the texts shown to the user come from
 * here too. Dates are calendar days `YYYY-MM-DD` (UTC), months are added as the law counts them: a
 * guarantee that starts on 31 August ends on the last day of the month when that day does not exist.
 */

/** A repair or replacement recorded on a breakdown (PANNE event) of the appliance. */
export interface RightsRepair {
  /** The day of the breakdown event. */
  date: string;
  /** Repaired by the seller under the legal guarantee of conformity. */
  sousGarantie: boolean;
  /** Days the appliance could not be used while under repair. */
  immobilisationJours: number | null;
  /** The seller replaced the good (the consumer had asked for a repair). */
  remplace: boolean;
}

export interface RightsInput {
  dtAchat: string | null;
  dtLivraison: string | null;
  occasion: boolean;
  garantieCommercialeFin: string | null;
  /** The product's reference slug (products.json), for the spare-parts rule. */
  productSlug: string | null;
  /** The repair bonus for this type, in euros (0 when the type has none). */
  bonusMontant: number;
  /** The amount is not confirmed by its sources (repair-bonus.json `status`): never said as sure. */
  bonusAConfirmer?: boolean;
  repairs: RightsRepair[];
  /** The smart-fix estimate for this appliance, computed by the server; null when it has none. */
  reparabilite?: Droits['reparabilite'];
}

export const Droits = z.object({
  legale: z
    .object({
      debut: z.string(),
      fin: z.string(),
      active: z.boolean(),
      prolongations: z.array(z.object({ raison: z.string(), mois: z.number().int() })),
    })
    .nullable(),
  commerciale: z.object({ fin: z.string(), active: z.boolean() }).nullable(),
  /** `texte`: the availability said on the day asked, past once `jusqua` is. */
  pieces: z.object({ jusqua: z.string().nullable(), annees: z.number().int().nullable(), source: z.string(), texte: z.string() }),
  /** `aConfirmer`: the amount is not confirmed by its sources, and every text says so. */
  bonus: z.object({ eligible: z.boolean(), montant: z.number(), aConfirmer: z.boolean(), raison: z.string() }),
  conseil: z.object({ action: z.enum(['garantie', 'garantie-commerciale', 'reparer', 'renseigner']), texte: z.string() }),
  /**
   * The smart-fix estimate for this appliance — its kind, brand, age and last
   * breakdown — against the repair records: the chance a repair succeeds, the kind's average and how
   * many records that average comes from. Null when its type is not in the records.
   */
  reparabilite: z
    .object({
      probabilite: z.number().min(0).max(1),
      moyenne: z.number().min(0).max(1),
      type: z.string(),
      enregistrements: z.number().int().min(0),
    })
    .nullable(),
});
export type Droits = z.infer<typeof Droits>;

/** GET V1/profils/users/{userId}/droits/resume: how many appliances are still under a guarantee, and the nearest end. */
export const DroitsResume = z.object({
  sousGarantie: z.number().int().min(0),
  prochaineFin: z.object({ applianceId: z.number().int(), nom: z.string(), fin: z.string() }).nullable(),
});
export type DroitsResume = z.infer<typeof DroitsResume>;

const pad = (n: number) => String(n).padStart(2, '0');

/** `date` plus `months`, the day kept or brought back to the month's last day (29 February 2024 + 24 months → 28 February 2026). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day the spare-parts rules below were last checked against their texts (shown with them). */
export const PARTS_FACTS_CHECKED = '2026-11-29';

/**
 * What binds a maker to keep spare parts, by product (slug of products.json) — only what a text in
 * force says, each from the day it applies to the units placed on the market (approximated here by
 * the purchase: a unit bought before that day is certainly not covered; one bought after, probably):
 * - EU ecodesign regulations: washing machines and washer-dryers 10 years (2019/2023), dishwashers
 *   10 (2019/2022, 7 for some parts), refrigerating appliances 7 (2019/2019, 10 for door gaskets),
 *   electronic displays 7 (2019/2021), all from 1 March 2021; tumble dryers 10 (2023/2533) from
 *   1 July 2025; smartphones and tablets 7 (2023/1670) from 20 June 2025.
 * - French law: article L111-4 of the code de la consommation names household appliances, small IT and
 *   telecom equipment, screens and monitors, but its five-year minimum binds only the products of the
 *   list its décret fixes: décret n° 2021-1943 lists laptops and smartphones (not tablets), from 1
 *   January 2022. For every other kind (a kettle, a vacuum, a desktop PC…) no duration is imposed:
 *   the maker must say whether parts are available and until when, and for electrical and electronic
 *   equipment parts not declared are deemed unavailable (L111-4). Never a right the law does not give.
 * Checked on PARTS_FACTS_CHECKED: Légifrance (article L111-4 in force since 1 January 2022), the
 * décret's summaries (actu-environnement.com, January 2022), EUR-Lex for the regulations.
 */
export type PartsRule = { years: number; source: string; from: string };
const EU_MARCH_2021 = '2021-03-01';
/** Exported for the maker's duty to repair (claims-rules.ts), which covers the units the same regulations cover. */
export const PARTS_RULES: Readonly<Record<string, readonly PartsRule[]>> = {
  'lave-linge': [{ years: 10, from: EU_MARCH_2021, source: 'règlement (UE) 2019/2023 sur l’écoconception des lave-linge' }],
  'lave-vaisselle': [
    {
      years: 10,
      from: EU_MARCH_2021,
      source: 'règlement (UE) 2019/2022 sur l’écoconception des lave-vaisselle (7 ans pour certaines pièces)',
    },
  ],
  refrigerateur: [
    {
      years: 7,
      from: EU_MARCH_2021,
      source: 'règlement (UE) 2019/2019 sur l’écoconception des appareils de réfrigération (10 ans pour les joints de porte)',
    },
  ],
  congelateur: [
    {
      years: 7,
      from: EU_MARCH_2021,
      source: 'règlement (UE) 2019/2019 sur l’écoconception des appareils de réfrigération (10 ans pour les joints de porte)',
    },
  ],
  'cave-a-vin': [{ years: 7, from: EU_MARCH_2021, source: 'règlement (UE) 2019/2019 sur l’écoconception des appareils de réfrigération' }],
  'seche-linge': [{ years: 10, from: '2025-07-01', source: 'règlement (UE) 2023/2533 sur l’écoconception des sèche-linge' }],
  televiseur: [{ years: 7, from: EU_MARCH_2021, source: 'règlement (UE) 2019/2021 sur l’écoconception des écrans électroniques' }],
  moniteur: [{ years: 7, from: EU_MARCH_2021, source: 'règlement (UE) 2019/2021 sur l’écoconception des écrans électroniques' }],
  // The newest rule first: a smartphone bought from 20 June 2025 has the EU's 7 years, one bought in 2022–2025 the décret's 5.
  'telephone-portable': [
    { years: 7, from: '2025-06-20', source: 'règlement (UE) 2023/1670 sur l’écoconception des smartphones et tablettes' },
    { years: 5, from: '2022-01-01', source: 'article L111-4 du code de la consommation et décret n° 2021-1943 (smartphones)' },
  ],
  tablette: [{ years: 7, from: '2025-06-20', source: 'règlement (UE) 2023/1670 sur l’écoconception des smartphones et tablettes' }],
  'ordinateur-portable': [
    { years: 5, from: '2022-01-01', source: 'article L111-4 du code de la consommation et décret n° 2021-1943 (ordinateurs portables)' },
  ],
};

const frDate = (day: string) =>
  `${Number(day.slice(8, 10)) === 1 ? '1er' : Number(day.slice(8, 10))} ${MONTHS_FR[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const CHECKED = `vérifiées le ${frDate(PARTS_FACTS_CHECKED)}`;
/** What L111-4 gives every electrical appliance: information, not a duration. */
const DECLARED_ONLY =
  'le fabricant doit indiquer au vendeur si les pièces indispensables sont disponibles et jusqu’à quand, et le vendeur vous le dire avant l’achat ; sans cette information, elles sont réputées non disponibles (article L111-4 du code de la consommation)';

function parts(productSlug: string | null, purchase: string | null, today: string): Droits['pieces'] {
  const rules = productSlug ? PARTS_RULES[productSlug] : undefined;
  // The newest rule in force on the purchase day (unknown purchase: the newest, said as a duration only).
  const rule = rules && (purchase === null ? rules[0] : rules.find((r) => purchase >= r.from));
  if (!rule) {
    const before = rules && purchase !== null ? rules.at(-1) : undefined;
    return {
      jusqua: null,
      annees: null,
      source: before
        ? `Acheté avant le ${frDate(before.from)}, date à partir de laquelle s’applique le ${before.source} : aucune durée minimale ne s’impose pour cet appareil ; ${DECLARED_ONLY}. Règles ${CHECKED}.`
        : `Aucune durée minimale de disponibilité des pièces n’est imposée pour ce type d’appareil : ${DECLARED_ONLY}. Règles ${CHECKED}.`,
      texte: before ? 'Pas de durée minimale pour un appareil de cet âge.' : 'Pas de durée minimale fixée par la loi.',
    };
  }
  const jusqua = purchase ? addMonths(purchase, rule.years * 12) : null;
  return {
    jusqua,
    annees: rule.years,
    source: `Au moins ${rule.years} ans de pièces détachées (${rule.source}, pour les appareils mis sur le marché depuis le ${frDate(rule.from)}), comptés ici depuis l’achat : une estimation, la loi les compte depuis la mise sur le marché du dernier exemplaire du modèle. Règles ${CHECKED}.`,
    // An old appliance's end date is past: said as ended, never as a promise (« jusqu’en 2022 » in 2026).
    texte:
      jusqua === null
        ? `Au moins ${rule.years} ans.`
        : jusqua >= today
          ? `Disponibles au moins jusqu’en ${jusqua.slice(0, 4)} (estimation).`
          : `L’obligation de disponibilité a pris fin en ${jusqua.slice(0, 4)} (estimation)\u00a0: le fabricant ou un réparateur peut encore en avoir.`,
  };
}

/**
 * The rights of one appliance on `today`:
 * - legal guarantee of conformity (article L217-3 of the code de la consommation): 2 years from
 *   delivery, for a new good and for a second-hand good bought from a professional alike (the
 *   mandatory notice of article D211-2 says so); for a second-hand good the defect is presumed to
 *   have existed at delivery during 12 months only, not 24 (article L217-7): after that the
 *   consumer must show it. (Not 1 year for the guarantee itself: French law did not take the EU option of a
 *   shorter period, so the app says 2 years and warns about the presumption.) +6 months for each repair under it
 *   (article L217-13); when the seller replaced the good the consumer asked to have repaired, a new
 *   2-year guarantee for the replacement (article L217-13);
 * - commercial guarantee (article L217-28): until its end date, extended by any immobilisation of
 *   7 days or more;
 * - hidden defects (articles 1641 and 1648 of the code civil): an action within 2 years of the
 *   discovery, said in the advice;
 * - the repair bonus applies only out of every guarantee, at a QualiRépar repairer.
 */
export function computeRights(input: RightsInput, today: string): Droits {
  const debut = input.dtLivraison ?? input.dtAchat;
  let legale: Droits['legale'] = null;
  if (debut) {
    let fin = addMonths(debut, 24);
    const prolongations: { raison: string; mois: number }[] = [];
    for (const r of [...input.repairs].sort((a, b) => a.date.localeCompare(b.date))) {
      if (r.date > fin) continue;
      if (r.remplace) {
        // Article L217-13: the replacement gets a new 2-year guarantee.
        const renewed = addMonths(r.date, 24);
        if (renewed > fin) fin = renewed;
        prolongations.push({ raison: `Appareil remplacé par le vendeur le ${dayFr(r.date)} : nouvelle garantie de 2 ans`, mois: 24 });
      } else if (r.sousGarantie) {
        // Article L217-13: +6 months for a good repaired under the legal guarantee.
        fin = addMonths(fin, 6);
        prolongations.push({ raison: `Réparé sous garantie le ${dayFr(r.date)} : 6 mois de plus`, mois: 6 });
      }
    }
    legale = { debut, fin, active: today <= fin, prolongations };
  }

  let commerciale: Droits['commerciale'] = null;
  if (input.garantieCommercialeFin) {
    // Article L217-28: an immobilisation of at least 7 days is added to what remained.
    const days = input.repairs
      .filter((r) => (r.immobilisationJours ?? 0) >= 7 && r.date <= input.garantieCommercialeFin!)
      .reduce((n, r) => n + (r.immobilisationJours ?? 0), 0);
    const fin = addDays(input.garantieCommercialeFin, days);
    commerciale = { fin, active: today <= fin };
  }

  const underGuarantee = Boolean(legale?.active || commerciale?.active);
  const aConfirmer = input.bonusMontant > 0 && input.bonusAConfirmer === true;
  const bonus: Droits['bonus'] =
    input.bonusMontant <= 0
      ? { eligible: false, montant: 0, aConfirmer: false, raison: 'Ce type d’appareil n’ouvre pas droit au bonus réparation.' }
      : underGuarantee
        ? {
            eligible: false,
            montant: input.bonusMontant,
            aConfirmer,
            raison: 'Le bonus réparation ne s’applique qu’à un appareil hors garantie : faites d’abord jouer la garantie.',
          }
        : {
            eligible: true,
            montant: input.bonusMontant,
            aConfirmer,
            raison: `Hors garantie : ${bonusAmountFr(input.bonusMontant, aConfirmer)} déduits de la facture par un réparateur labellisé QualiRépar.`,
          };

  let conseil: Droits['conseil'];
  if (!debut) {
    conseil = { action: 'renseigner', texte: 'Indiquez la date d’achat (ou de livraison) de l’appareil pour connaître vos garanties.' };
  } else if (legale?.active) {
    const presumptionOver = input.occasion && today > addMonths(debut, 12);
    conseil = {
      action: 'garantie',
      texte: `Faites jouer la garantie légale de conformité jusqu’au ${dayFr(legale.fin)} : le vendeur doit réparer ou remplacer l’appareil gratuitement, dans les 30 jours (articles L217-3 et suivants du code de la consommation). Adressez-lui votre demande par écrit.${presumptionOver ? ' Appareil d’occasion acheté il y a plus de 12 mois : il vous faudra montrer que le défaut existait déjà à l’achat (article L217-7).' : ''}`,
    };
  } else if (commerciale?.active) {
    conseil = {
      action: 'garantie-commerciale',
      texte: `Votre garantie commerciale court jusqu’au ${dayFr(commerciale.fin)} : contactez le vendeur ou le fabricant avec la facture.`,
    };
  } else {
    conseil = {
      action: 'reparer',
      texte: `Hors garantie, la réparation reste souvent le meilleur choix${bonus.eligible ? ` : le bonus réparation${bonusOfFr(bonusAmountFr(bonus.montant, bonus.aConfirmer))} est déduit de la facture chez un réparateur labellisé` : ''}. Un défaut caché présent dès l’achat peut encore être invoqué dans les 2 ans de sa découverte (articles 1641 et 1648 du code civil).`,
    };
  }

  return {
    legale,
    commerciale,
    pieces: parts(input.productSlug, input.dtAchat ?? debut, today),
    bonus,
    conseil,
    reparabilite: input.reparabilite ?? null,
  };
}

/** What the claim letter needs: the household, the appliance, its paperwork and the defect. */
export interface ClaimLetterInput {
  prenom: string;
  nom: string;
  adresse: string | null;
  vendeur: string | null;
  appareil: string;
  marque: string | null;
  modele: string | null;
  numeroSerie: string | null;
  dtAchat: string | null;
  dtLivraison: string | null;
  prixAchat: number | null;
  occasion: boolean;
  /** An invoice file is kept with the appliance: the letter says it is enclosed. */
  facture: boolean;
  /** The breakdown, as diagnosed or noted (null: a sentence for the user to complete is written). */
  defaut: string | null;
  aujourdhui: string;
}

const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

/**
 * The letter to the seller invoking the legal guarantee of conformity (articles L217-3 and
 * following of the code de la consommation), one paragraph per item — the sender's and the
 * seller's blocks with their lines joined by « \n »: pre-filled with what the app knows, and saying
 * plainly what the user must add when something is missing (« [Adresse du vendeur] »).
 */
export function claimLetter(input: ClaimLetterInput): string[] {
  const appareil = [input.appareil, [input.marque, input.modele].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const achat = input.dtAchat
    ? `le ${dayFr(input.dtAchat)}`
    : input.facture
      ? 'à la date indiquée sur la facture jointe'
      : 'le [date d’achat]';
  const delivered = input.dtLivraison && input.dtLivraison !== input.dtAchat ? `, livré le ${dayFr(input.dtLivraison)}` : '';
  const presumption = input.occasion ? 'douze mois' : 'vingt-quatre mois';
  // A breakdown's title often starts with its kind (« Panne : … », from the assistant): the sentence already says it.
  const defaut = input.defaut?.replace(/^(\s*panne\s*:\s*)+/i, '').replace(/[\s.]+$/, '');
  const signature = `${input.prenom} ${input.nom}`.trim();
  return [
    // The sender's and the seller's blocks, a paragraph each; the app keeps no seller's address, so a place is left for it.
    `${signature}\n${input.adresse ?? '[Votre adresse]'}`,
    `${input.vendeur ?? '[Nom du vendeur]'}\n[Adresse du vendeur]`,
    `Le ${dayFr(input.aujourdhui)}`,
    `Objet : mise en œuvre de la garantie légale de conformité — ${appareil}${input.numeroSerie ? `, numéro de série ${input.numeroSerie}` : ''}`,
    'Madame, Monsieur,',
    `J’ai acheté ${achat}${delivered}${input.vendeur ? ` auprès de ${input.vendeur}` : ''} l’appareil suivant : ${appareil}${input.prixAchat !== null ? `, pour un prix de ${euros(input.prixAchat)}` : ''}.`,
    `Cet appareil présente le défaut suivant : ${defaut || '(décrivez ici la panne constatée et sa date)'}.`,
    `En application des articles L217-3 et suivants du code de la consommation, je vous demande de le mettre en conformité, par sa réparation ou à défaut son remplacement, sans aucun frais pour moi et dans un délai de trente jours (article L217-10). Le défaut étant apparu dans les ${presumption} suivant la délivrance, il est présumé exister au moment de celle-ci (article L217-7).`,
    `${input.facture ? 'Vous trouverez ci-joint une copie de la facture. ' : ''}Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.`,
    signature,
  ];
}
