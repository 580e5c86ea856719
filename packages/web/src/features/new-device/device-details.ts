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

export type DetailsMode = 'choose' | 'manual' | 'image' | 'scan';

export const today = () => new Date().toISOString().slice(0, 10);
