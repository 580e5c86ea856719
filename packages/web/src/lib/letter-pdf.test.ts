import { createRequire } from 'node:module';
import path from 'node:path';
import { claimLetter } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { letterPdf } from './letter-pdf.ts';

/** Each line of the PDF as a reader's copy would give it (pdf.js), no-break spaces made plain. */
async function lines(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const doc = await pdfjs.getDocument({ data: bytes, standardFontDataUrl, verbosity: 0 }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    for (const item of (await (await doc.getPage(i)).getTextContent()).items)
      if ('str' in item && item.str) out.push(item.str.replace(/\u00a0/g, ' '));
  }
  await doc.destroy();
  return out;
}

const letter = claimLetter({
  prenom: 'Camille',
  nom: 'Durand',
  adresse: '8 rue Verte, 44000 Nantes',
  vendeur: 'Boulanger Lyon',
  appareil: 'Lave-linge 🧺',
  marque: 'Bosch',
  modele: 'Série 6',
  numeroSerie: null,
  dtAchat: '2025-01-20',
  dtLivraison: null,
  prixAchat: 1549.9,
  occasion: false,
  facture: true,
  defaut: 'Panne : Le lave-linge ne vidange pas',
  aujourdhui: '2026-11-24',
});

describe('the claim letter’s PDF', () => {
  it('prints « mise en œuvre » with its œ, the seller’s block line by line, and a « ? » for what Helvetica cannot draw', async () => {
    const text = await lines(await letterPdf(letter));
    expect(text.find((l) => l.startsWith('Objet'))).toBe(
      'Objet : mise en œuvre de la garantie légale de conformité — Lave-linge ?, Bosch Série 6',
    );
    expect(text.slice(0, 4)).toEqual(['Camille Durand', '8 rue Verte, 44000 Nantes', 'Boulanger Lyon', '[Adresse du vendeur]']);
    expect(text.join(' ')).toContain('pour un prix de 1 549,90 €');
    expect(text.join(' ')).toContain('Vous trouverez ci-joint une copie de la facture.');
  });
});
