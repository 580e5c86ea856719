import { z } from 'zod';
import { MSG } from './messages.fr.ts';
import { isEan13, isEprelNumber } from './product-codes.ts';

/**
 * The QR code printed on every EU energy label rescaled since 2021 opens
 * `https://eprel.ec.europa.eu/qr/{registration number}` (EPREL, the EU product registry for energy
 * labelling); a product's barcode is an EAN-13.
 */
const EPREL_QR = /^https?:\/\/eprel\.ec\.europa\.eu\/qr\/(\d{1,10})\/?(?:[?#].*)?$/i;

export type ScannedCode = { kind: 'eprel'; numero: string } | { kind: 'ean'; ean: string };

/**
 * What a decoded code points at: an energy label's QR code, or an EAN-13 (a UPC-A, 12 digits, is the
 * same barcode with a leading 0). Anything else: null.
 */
export function parseScannedCode(text: string): ScannedCode | null {
  const value = text.trim();
  const qr = EPREL_QR.exec(value);
  if (qr) return { kind: 'eprel', numero: qr[1]! };
  const digits = /^\d{12}$/.test(value) ? `0${value}` : value;
  return isEan13(digits) ? { kind: 'ean', ean: digits } : null;
}

export const EprelParams = z.object({ numero: z.string().refine(isEprelNumber, { error: MSG.eprelNumberInvalid }) });
export const EanParams = z.object({ ean: z.string().refine(isEan13, { error: MSG.eanInvalid }) });

/**
 * GET /api/V1/identification/eprel/{numero}: what EPREL says of a model. `kwhAn` is the label's
 * yearly figure, or its figure per 100 cycles times the cycles per year of the former label
 * (`kwhAnBase` says which, in French); the class is A to G (null on the older A+++ scales).
 */
export const EprelProduct = z.object({
  numeroEprel: z.string(),
  /** EPREL's product group, e.g. `washingmachines2019`. */
  groupe: z.string(),
  marque: z.string(),
  modele: z.string(),
  classeEnergie: z
    .string()
    .regex(/^[A-G]$/)
    .nullable(),
  kwhAn: z.number().nullable(),
  kwhAnBase: z.string().nullable(),
  /** Washing machines: rated capacity (kg) and water per cycle (litres). */
  capaciteKg: z.number().optional(),
  eauLitresCycle: z.number().optional(),
});
export type EprelProduct = z.infer<typeof EprelProduct>;

/** GET /api/V1/identification/ean/{ean}: what Open Products Facts says of a barcode. */
export const OpfProduct = z.object({
  ean: z.string(),
  marque: z.string().nullable(),
  nom: z.string().nullable(),
  /** The French repairability index (0 to 10), when the product carries it. */
  indiceReparabilite: z.number().optional(),
});
export type OpfProduct = z.infer<typeof OpfProduct>;

/**
 * EPREL product groups → the reference product (products.json slug) the wizard proposes when the
 * user has not chosen a type yet. A washer-dryer is offered as a washing machine.
 */
export const EPREL_GROUP_PRODUCT: Record<string, string> = {
  washingmachines2019: 'lave-linge',
  washingmachines: 'lave-linge',
  washerdriers2019: 'lave-linge',
  dishwashers2019: 'lave-vaisselle',
  dishwashers: 'lave-vaisselle',
  refrigeratingappliances2019: 'refrigerateur',
  refrigeratingappliances: 'refrigerateur',
  tumbledryers20232534: 'seche-linge',
  tumbledriers: 'seche-linge',
  ovens: 'four',
  rangehoods: 'hotte',
  electronicdisplays: 'televiseur',
  televisions: 'televiseur',
  airconditioners: 'climatiseur',
  localspaceheaters: 'radiateur',
  waterheaters: 'chauffe-eau',
  lightsources: 'lampe',
};
