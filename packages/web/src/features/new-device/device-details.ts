import { ApplianceCreateData, type Universe } from '@ecofoyer/contracts';
import { schemaErrors } from '../../lib/form-errors.ts';

export interface Details {
  prodId: string | null;
  marque: string;
  modele: string;
  dt_achat: string;
  facture: string;
  note: string;
  picture: File | null;
  /** « Mes droits »: optional, they decide the guarantees. */
  vendeur: string;
  prix_achat: string;
  numero_serie: string;
  dt_livraison: string;
  occasion: boolean;
  garantie_commerciale_fin: string;
  /** From the energy label (or typed): the class, kWh per year as typed, the label's numbers. */
  classenergie: string | null;
  energy_kwh_year: string;
  eprel_number: string;
  ean: string;
}

/** The wizard's one form: the universe chosen at « Univer », then the appliance's details. */
export interface WizardValues extends Details {
  universe: Universe | null;
}

export type DetailsMode = 'choose' | 'manual' | 'image' | 'scan';

export const today = () => new Date().toISOString().slice(0, 10);

export const EMPTY_DETAILS: Details = {
  prodId: null,
  marque: '',
  modele: '',
  dt_achat: '',
  facture: '',
  note: '',
  picture: null,
  vendeur: '',
  prix_achat: '',
  numero_serie: '',
  dt_livraison: '',
  occasion: false,
  garantie_commerciale_fin: '',
  classenergie: null,
  energy_kwh_year: '',
  eprel_number: '',
  ean: '',
};

/** The `data` part of POST …/appliances (product §7): empty optional fields as null. */
export function toCreateData(details: Details): ApplianceCreateData {
  return {
    prod_id: Number(details.prodId),
    marque: details.marque,
    modele: details.modele,
    dt_achat: details.dt_achat || null,
    facture: details.facture || null,
    note: details.note || null,
    vendeur: details.vendeur || null,
    prix_achat: details.prix_achat.trim() || null,
    numero_serie: details.numero_serie || null,
    dt_livraison: details.dt_livraison || null,
    occasion: details.occasion,
    garantie_commerciale_fin: details.garantie_commerciale_fin || null,
    classenergie: (details.classenergie as ApplianceCreateData['classenergie']) ?? null,
    energy_kwh_year: details.energy_kwh_year.trim() || null,
    eprel_number: details.eprel_number || null,
    ean: details.ean || null,
  };
}

/** Step « Détails » checked with the server's schema for the same payload: no rule differs between the two. */
export function detailsErrors(details: Details): Record<string, string> {
  const { prod_id, ...errors } = schemaErrors(ApplianceCreateData, toCreateData(details));
  return prod_id ? { prodId: prod_id, ...errors } : errors;
}

// The wizard has always named one problem at a time, in this order (product §5); the schema's order differs.
const REPORT_ORDER = ['prodId', 'marque', 'modele', 'dt_achat', 'dt_livraison', 'prix_achat', 'energy_kwh_year'];

/** The one message the wizard's alert shows for `errors`. */
export function firstError(errors: Record<string, unknown>): string {
  const key = REPORT_ORDER.find((k) => errors[k]) ?? Object.keys(errors)[0];
  return String(key ? errors[key] : '');
}
