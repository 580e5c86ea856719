/**
 * What `jsonPage` may give of an appliance, by name: its columns as the lists read them, whether it
 * has a photo or an invoice, and `created` (its creation in seconds: the list's order, newest first).
 */
export const INVENTORY_JSON = {
  id: 'f.id',
  name: 'f.name',
  univer_name: 'f.univer_name',
  prod_id: 'f.prod_id',
  prod_name: 'f.prod_name',
  marque: 'f.marque',
  modele: 'f.modele',
  numero_serie: 'f.numero_serie',
  dt_achat: 'f.dt_achat',
  dt_livraison: 'f.dt_livraison',
  prix_achat: 'f.prix_achat',
  vendeur: 'f.vendeur',
  occasion: 'f.occasion',
  classenergie: 'f.classenergie',
  garantie_commerciale_fin: 'f.garantie_commerciale_fin',
  note: 'f.note',
  panne_note: 'f.panne_note',
  facture_ref: 'f.facture_ref',
  facture_type: 'f.facture_type',
  has_pict: '(f.pict_key is not null)',
  has_facture: '(f.facture_key is not null)',
  created: 'extract(epoch from f.created_at)',
} as const;
export type InventoryJsonField = keyof typeof INVENTORY_JSON;
/** What an appliance's purchase says (its dates, price, seller, state, class and guarantee): a group the JSON reads name. */
export const PURCHASE_FIELDS = [
  'prod_id',
  'dt_achat',
  'dt_livraison',
  'prix_achat',
  'vendeur',
  'occasion',
  'classenergie',
  'garantie_commerciale_fin',
] as const satisfies readonly InventoryJsonField[];
