import {
  type Appliance,
  CLAIM_OUTCOME_LABELS,
  CLAIM_ROUTE_TITLES,
  CLAIM_STEP_LABELS,
  type Claim,
  type DossierAppliance,
  type Droits,
  dayFr,
  parisDay,
} from '@ecofoyer/contracts';
import type { DossierClaim } from './dossier-pdf.ts';

/** « Garantie légale jusqu’au 12 mars 2026 » — what the dossier says of an appliance's guarantees. */
export function guaranteeText(rights: Droits): { texte: string; active: boolean } {
  const { legale, commerciale } = rights;
  if (legale?.active && commerciale?.active && commerciale.fin > legale.fin)
    return { texte: `Garantie légale jusqu’au ${dayFr(legale.fin)}, commerciale jusqu’au ${dayFr(commerciale.fin)}`, active: true };
  if (legale?.active) return { texte: `Garantie légale jusqu’au ${dayFr(legale.fin)}`, active: true };
  if (commerciale?.active) return { texte: `Garantie commerciale jusqu’au ${dayFr(commerciale.fin)}`, active: true };
  if (legale)
    return {
      texte: `Garanties terminées (garantie légale jusqu’au ${dayFr(commerciale && commerciale.fin > legale.fin ? commerciale.fin : legale.fin)})`,
      active: false,
    };
  return { texte: 'Date d’achat inconnue : garantie non calculée', active: false };
}

/** What the dossier (its PDF, a share link) says of an appliance. */
export type DescribedFacts = Pick<
  Appliance,
  | 'id'
  | 'name'
  | 'univer_name'
  | 'prod_name'
  | 'marque'
  | 'modele'
  | 'numero_serie'
  | 'dt_achat'
  | 'prix_achat'
  | 'vendeur'
  | 'occasion'
  | 'classenergie'
  | 'facture_ref'
  | 'facture_type'
>;

/**
 * An appliance as the dossier lists it — pure, for the PDF's job and a share link's. `links.facture`:
 * where its invoice is (a URL, « annexe »), null when it has none.
 */
export function describeAppliance(
  a: DescribedFacts,
  rights: Droits,
  links: { photo: string | null; facture: string | null },
): DossierAppliance {
  const guarantee = guaranteeText(rights);
  const invoiceType = a.facture_type === 'application/pdf' ? 'PDF' : 'image';
  return {
    id: a.id,
    nom: a.name,
    univers: a.univer_name,
    type: a.prod_name,
    marque: a.marque,
    modele: a.modele,
    numeroSerie: a.numero_serie,
    dateAchat: a.dt_achat,
    prixAchat: a.prix_achat,
    vendeur: a.vendeur,
    occasion: a.occasion,
    classeEnergie: a.classenergie,
    garantie: guarantee.texte,
    sousGarantie: guarantee.active,
    photo: links.photo,
    facture: links.facture
      ? {
          nom: `Facture${a.facture_ref ? ` ${a.facture_ref}` : ''} (${invoiceType})`,
          url: links.facture,
          type: a.facture_type ?? 'application/octet-stream',
        }
      : null,
  };
}

/**
 * A claim as the dossier lists it: « {appareil} — {route} », then whom it was sent to, the defect, each
 * step with its day (and its outcome or note), and how it ended or what it waits for.
 */
export function describeClaim(claim: Claim): DossierClaim {
  const steps = claim.etapes.map((s) => {
    const outcome = s.issue ? `\u00a0: ${CLAIM_OUTCOME_LABELS[s.issue]}` : '';
    return `${dayFr(s.date)} — ${CLAIM_STEP_LABELS[s.type]}${outcome}${s.note ? ` (${s.note.replace(/\s+/g, ' ')})` : ''}`;
  });
  const end = claim.issue
    ? `Issue\u00a0: ${CLAIM_OUTCOME_LABELS[claim.issue]}`
    : claim.statut === 'preparee'
      ? 'En préparation'
      : `En cours${claim.echeance ? `, réponse attendue au plus tard le ${dayFr(claim.echeance)}` : ''}`;
  return {
    title: `${claim.applianceName} — ${CLAIM_ROUTE_TITLES[claim.voie]}`,
    lines: [
      ...(claim.destinataire ? [`Adressée à ${claim.destinataire}`] : []),
      `Ouverte le ${dayFr(parisDay(new Date(claim.creeLe)))}\u00a0: ${claim.defaut}`,
      ...steps,
      end,
    ],
  };
}
