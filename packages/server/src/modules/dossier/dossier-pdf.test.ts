import { TEXT_MAX, UNIVERSE_NAME_MAX } from '@ecofoyer/contracts';
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { pdfPages } from '../../../test/pdf-text.ts';
import { pdfText } from '../../lib/pdf-text.ts';
import { type DossierEntry, renderDossier } from './dossier-pdf.ts';

const entry = (i: number): DossierEntry => ({
  id: i,
  nom: `Appareil ${i}`,
  univers: 'Cuisine',
  type: 'Lave-vaisselle',
  marque: 'Bosch',
  modele: `SMS-${i}`,
  numeroSerie: null,
  dateAchat: null,
  prixAchat: i % 2 ? 100 : null,
  vendeur: null,
  occasion: false,
  classeEnergie: null,
  garantie: 'Date d’achat inconnue : garantie non calculée',
  sousGarantie: false,
  photo: null,
  facture: null,
  loadPhoto: async () => (i === 3 ? Buffer.from('not an image') : null),
});

describe('the dossier’s PDF', () => {
  it('keeps what its fonts draw (accents, « € », « œ », curly quotes) and marks the rest, narrow spaces made no-break', () => {
    expect(pdfText('Cœur d’été « 1\u202f234,50\u00a0€ »')).toBe('Cœur d’été « 1\u00a0234,50\u00a0€ »');
    expect(pdfText('Frigo 🧊 du garage')).toBe('Frigo ? du garage');
    expect(pdfText('Ligne 1\nLigne 2')).toBe('Ligne 1\nLigne 2');
  });

  it('tells its progress after each appliance, and survives a photo that is no image', async () => {
    const seen: number[] = [];
    const pdf = await renderDossier({
      foyer: 'Les Martin',
      at: new Date('2026-11-23T09:00:00Z'),
      entries: [1, 2, 3, 4, 5].map(entry),
      appendix: [],
      onProgress: (n) => void seen.push(n),
    });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    const [first] = await pdfPages(pdf);
    expect(first).toContain('Établi le 23 novembre 2026');
    expect(first).toContain('Valeur d’achat totale : 300,00 € (prix connu pour 3 appareils sur 5)');
    expect(first).toContain('Photo illisible');
  });

  it('counts its pages before writing them: every page, appended invoices too, says « Page n / N » with the real N', async () => {
    const appendix = [
      { title: 'Facture — Appareil 1', load: async () => null },
      { title: 'Facture — Appareil 2', load: async () => Buffer.from('abîmée') },
    ];
    const pdf = await renderDossier({
      foyer: 'Les Martin',
      at: new Date('2026-11-23T09:00:00Z'),
      entries: Array.from({ length: 40 }, (_, i) => entry(i + 10)),
      appendix,
      onProgress: () => undefined,
    });
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(6);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / ${pages.length}`));
    expect(pages.at(-1)).toContain('Facture illisible ou introuvable.');
    expect(pages.join(' ')).toContain('Appareil 49');
  });

  it('lists the claims after the appliances, each on one page, and counts their pages before writing them', async () => {
    const claims = Array.from({ length: 30 }, (_, i) => ({
      title: `Appareil ${i} — Garantie légale de conformité`,
      lines: [
        'Adressée à Darty',
        ...Array.from({ length: i % 7 }, (_, k) => `${k + 1} octobre 2026 — Relance envoyée`),
        'Issue\u00a0: Réparé',
      ],
    }));
    const pdf = await renderDossier({
      foyer: 'Les Martin',
      at: new Date('2026-11-23T09:00:00Z'),
      entries: [1, 2].map(entry),
      claims,
      appendix: [{ title: 'Facture — Appareil 1', load: async () => null }],
      onProgress: () => undefined,
    });
    const pages = await pdfPages(pdf);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / ${pages.length}`));
    expect(pages[1]).toContain('Démarches');
    expect(pages.slice(1, -1).join(' ')).toContain('Appareil 29 — Garantie légale de conformité');
    expect(pages.slice(1, -1).join(' ')).toContain('Issue : Réparé');
    expect(pages.at(-1)).toContain('Facture illisible ou introuvable.');
  });

  it('cuts every text to the form’s length before layout: a 30,000-character word never reaches pdfkit', async () => {
    const word = (c: string) => c.repeat(30_000);
    const laidOut = [
      vi.spyOn(PDFDocument.prototype, 'text'),
      vi.spyOn(PDFDocument.prototype, 'widthOfString'),
      vi.spyOn(PDFDocument.prototype, 'heightOfString'),
    ];
    try {
      const long = {
        ...entry(1),
        nom: word('N'),
        univers: word('U'),
        type: word('T'),
        marque: word('M'),
        modele: word('O'),
        numeroSerie: word('S'),
        vendeur: word('V'),
        facture: { nom: word('F'), url: 'annexe', type: 'application/pdf' },
      };
      const pdf = await renderDossier({
        foyer: word('H'),
        at: new Date('2026-11-23T09:00:00Z'),
        entries: [long],
        appendix: [{ title: word('A'), load: async () => null }],
        onProgress: () => undefined,
      });
      const texts = laidOut.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
      expect(texts.length).toBeGreaterThan(10);
      // The longest line joins two fields (« Marque et modèle »), each at most the form's 500 characters.
      expect(Math.max(...texts.map((t) => t.length))).toBeLessThanOrEqual(2 * TEXT_MAX + 1);
      expect(texts.some((t) => t.includes('U'.repeat(UNIVERSE_NAME_MAX)))).toBe(false);
      expect((await pdfPages(pdf))[0]).toContain('Valeur d’achat totale');
    } finally {
      for (const spy of laidOut) spy.mockRestore();
    }
  });
});
