import { LABEL_SHEETS, type LabelSheet, sheetLeft } from '@ecofoyer/contracts';
import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import classes from './label-sheet.module.css';
import { QrCode } from './qr-code.tsx';

/** A label to draw: its appliance's name, and its code and address once it has one. */
export interface SheetItem {
  applianceId: number;
  nom: string;
  label?: { code: string; url: string };
}

/** 25 mm at most, as the server's PDF (modules/labels/label-sheet-pdf.ts). */
const qrSide = (sheet: LabelSheet) => Math.min(LABEL_SHEETS[sheet].height - 6, 25);

/** The items cut into sheets of the chosen format. */
export function pages<T>(items: readonly T[], sheet: LabelSheet): T[][] {
  const perPage = LABEL_SHEETS[sheet].columns * LABEL_SHEETS[sheet].rows;
  return Array.from({ length: Math.ceil(items.length / perPage) }, (_, i) => items.slice(i * perPage, (i + 1) * perPage));
}

/** One A4 sheet: each label at its place in millimetres, a QR code (or where it will be) and the name. */
export function LabelSheetPage({ items, sheet, label }: { items: readonly SheetItem[]; sheet: LabelSheet; label: string }) {
  const g = LABEL_SHEETS[sheet];
  const left = sheetLeft(sheet);
  return (
    <div className={classes.sheet} role="img" aria-label={label}>
      {items.map((item, i) => {
        const style = {
          '--x': left + (i % g.columns) * (g.width + g.columnGap),
          '--y': g.top + Math.floor(i / g.columns) * g.height,
          '--w': g.width,
          '--h': g.height,
          '--qr': qrSide(sheet),
        } as CSSProperties;
        return (
          <div key={item.applianceId} className={classes.label} style={style}>
            {item.label ? <QrCode value={item.label.url} className={classes.qr} /> : <div className={classes.placeholder}>QR à créer</div>}
            <div className={classes.text}>
              <p className={classes.name}>{item.nom}</p>
              {item.label && <p className={classes.code}>Code : {item.label.code}</p>}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * What the browser prints: the sheets alone, at the root of the page (the print stylesheet hides
 * everything else), with an A4 page without margins while this page is open (the sheet has its own).
 */
export function PrintSheets({ items, sheet }: { items: readonly SheetItem[]; sheet: LabelSheet }) {
  return createPortal(
    <div className={classes.printRoot} data-testid="print-sheets">
      <style>{'@page { size: A4; margin: 0; }'}</style>
      {pages(items, sheet).map((page, i, all) => (
        <LabelSheetPage key={page[0]!.applianceId} items={page} sheet={sheet} label={`Planche ${i + 1} sur ${all.length}`} />
      ))}
    </div>,
    document.body,
  );
}
