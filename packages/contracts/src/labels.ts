import { z } from 'zod';
import { MSG } from './messages.fr.ts';

/**
 * QR labels stuck on the appliances, to open their page with a phone. Each opens `APP_URL/a/{code}`; the code is short (10
 * characters, 50 random bits) in an alphabet without look-alikes, so it can also be typed.
 */
export const LABEL_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const LABEL_CODE_LENGTH = 10;
export const LABEL_CODE_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/;
export const labelPath = (code: string) => `/a/${code}`;

/**
 * Sheets of A4 labels (Avery geometry, millimetres). The L7160 holds 21 labels (3 × 7, 63,5 × 38,1
 * mm); the « 3 × 8 » sheet people ask for is Avery's L7159 (24 labels, 63,5 × 33,9 mm): both are offered.
 */
export const LABEL_SHEETS = {
  L7160: {
    nom: 'Avery L7160 — 21 étiquettes (63,5 × 38,1 mm)',
    columns: 3,
    rows: 7,
    width: 63.5,
    height: 38.1,
    top: 15.15,
    columnGap: 2.54,
  },
  L7159: {
    nom: 'Avery L7159 — 24 étiquettes (63,5 × 33,9 mm)',
    columns: 3,
    rows: 8,
    width: 63.5,
    height: 33.9,
    top: 12.9,
    columnGap: 2.54,
  },
} as const;
export type LabelSheet = keyof typeof LABEL_SHEETS;
export const LABEL_SHEET_NAMES = Object.keys(LABEL_SHEETS) as LabelSheet[];
export const A4_MM = { width: 210, height: 297 } as const;
/** The left margin that centres the columns on the sheet. */
export const sheetLeft = (s: LabelSheet) =>
  (A4_MM.width - LABEL_SHEETS[s].columns * LABEL_SHEETS[s].width - (LABEL_SHEETS[s].columns - 1) * LABEL_SHEETS[s].columnGap) / 2;

export const LabelsCreate = z.object({
  applianceIds: z.array(z.number().int().positive()).min(1, { error: MSG.labelChooseAppliance }).max(500),
});
export type LabelsCreate = z.infer<typeof LabelsCreate>;

export const LabelsPdfQuery = z.object({ planche: z.enum(['L7160', 'L7159']).default('L7160'), ids: z.string().regex(/^\d+(,\d+)*$/) });

/** An appliance's label in use. */
export const Label = z.object({ code: z.string(), applianceId: z.number().int(), nom: z.string(), url: z.string(), creeLe: z.string() });
export type Label = z.infer<typeof Label>;

/** GET /api/V1/etiquettes/{code}: the appliance a label opens, for a member of its foyer. */
export const LabelTarget = z.object({ applianceId: z.number().int() });
export type LabelTarget = z.infer<typeof LabelTarget>;

/**
 * The dark modules of a QR code (the `qrcode` library's matrix) as runs along each row, one
 * rectangle each — fewer shapes than a square per module, for the printed PDF and the page's SVG.
 */
export function qrDarkRuns(modules: {
  size: number;
  get(row: number, col: number): number;
}): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ row, col: start, length: col - start });
        start = -1;
      }
    }
  }
  return runs;
}
