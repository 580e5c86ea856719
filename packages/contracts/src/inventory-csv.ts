/**
 * Issue 21: the household's appliances and maintenance history as CSV files a French spreadsheet
 * opens as they are — UTF-8 with a byte-order mark, `;` between fields, dates as « 24/12/2026 »,
 * amounts as « 549,90 ». One name per column, the same for the export and (later) the import.
 */
export const INVENTORY_CSV_COLUMNS = [
  'Univers',
  'Type d’appareil',
  'Nom',
  'Marque',
  'Modèle',
  'Numéro de série',
  'Date d’achat',
  'Date de livraison',
  'Prix d’achat (€)',
  'Vendeur',
  'Occasion',
  'Classe énergétique',
  'Fin de la garantie légale',
  'Fin de la garantie commerciale',
  'Notes',
  'Panne',
  'Fichiers joints',
  'Fiche EcoFoyer',
] as const;

export const MAINTENANCE_CSV_COLUMNS = ['Date prévue', 'Appareil', 'Entretien', 'Type', 'État', 'Fait le', 'Note'] as const;

/** `YYYY-MM-DD` (or an instant, read in Paris) as « 24/12/2026 »; empty for none. */
export function csvDateFr(day: string | null): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An amount in euros as a French spreadsheet reads it: « 549,90 »; empty for none. */
export function csvEuros(amount: number | null): string {
  return amount === null ? '' : amount.toFixed(2).replace('.', ',');
}
