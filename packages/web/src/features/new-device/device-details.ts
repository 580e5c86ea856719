export interface Details {
  prodId: string | null;
  marque: string;
  modele: string;
  dt_achat: string;
  facture: string;
  note: string;
  picture: File | null;
  /** « Mes droits » (issue 20): optional, they decide the guarantees. */
  vendeur: string;
  prix_achat: string;
  numero_serie: string;
  dt_livraison: string;
  occasion: boolean;
  garantie_commerciale_fin: string;
}

export type DetailsMode = 'choose' | 'manual' | 'image';

export const today = () => new Date().toISOString().slice(0, 10);
