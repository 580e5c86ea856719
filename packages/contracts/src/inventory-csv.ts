import { z } from 'zod';
import { MSG } from './messages.fr.ts';

/** The largest file the import reads: 10,000 appliances of a full export fit in it. */
export const IMPORT_MAX_CHARS = 5_000_000;

/**
 * The household's appliances and maintenance history as CSV files a French spreadsheet
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

/** POST …/import/appareils: the CSV file's text, and whether to write (false: the preview only). */
export const InventoryImportBody = z.object({
  contenu: z.string().min(1, { error: MSG.importEmpty }).max(IMPORT_MAX_CHARS, { error: MSG.importTooLarge }),
  appliquer: z.boolean(),
});
export type InventoryImportBody = z.infer<typeof InventoryImportBody>;

export const IMPORT_RESULTS = ['cree', 'mis-a-jour', 'identique', 'refuse'] as const;

/** What the import does, or did, with each row of the file (its line number counts the header as 1). */
export const InventoryImportAnswer = z.object({
  applique: z.boolean(),
  lignes: z.array(z.object({ ligne: z.number().int(), nom: z.string(), resultat: z.enum(IMPORT_RESULTS), raison: z.string().nullable() })),
  crees: z.number().int(),
  misAJour: z.number().int(),
  identiques: z.number().int(),
  refuses: z.number().int(),
  /** Universes the import creates (or created) because no universe of the household has their name. */
  nouveauxUnivers: z.array(z.string()),
});
export type InventoryImportAnswer = z.infer<typeof InventoryImportAnswer>;

/** The import's phases: reading the file, checking its rows, writing them (only when `appliquer`). */
export const IMPORT_STEPS = ['lecture', 'verification', 'ecriture'] as const;

/** `fait` rows of the file out of `total`, in one phase (`ecriture`: the rows to write). */
export const InventoryImportProgress = z.object({ etape: z.enum(IMPORT_STEPS), fait: z.number().int(), total: z.number().int() });
export type InventoryImportProgress = z.infer<typeof InventoryImportProgress>;

/**
 * One line of the streamed answer (`Accept: application/x-ndjson`): progress lines, then
 * the same answer the JSON route gives, or the error that stopped the import (nothing written).
 */
export const InventoryImportLine = z.union([
  InventoryImportProgress,
  z.object({ resultat: InventoryImportAnswer }),
  z.object({ erreur: z.object({ message: z.string() }) }),
]);
export type InventoryImportLine = z.infer<typeof InventoryImportLine>;

/** Where the household's last applied import stands (`en_cours` while a job of the server runs it). */
export const IMPORT_STATES = ['en_cours', 'fait', 'echec'] as const;

/**
 * GET …/import/appareils/dernier: the household's last applied import, as any member finds it after a
 * reload or a restart — its progress while it runs, what it created and updated once done, or why it
 * failed (nothing written). 204 when the household never imported.
 */
export const InventoryImportLast = z.object({
  etat: z.enum(IMPORT_STATES),
  debut: z.string(),
  /** When it ended (null while it runs). */
  fin: z.string().nullable(),
  etape: z.enum(IMPORT_STEPS).optional(),
  fait: z.number().int().optional(),
  total: z.number().int().optional(),
  resultat: InventoryImportAnswer.pick({ crees: true, misAJour: true }).optional(),
  erreur: z.object({ message: z.string() }).optional(),
});
export type InventoryImportLast = z.infer<typeof InventoryImportLast>;
