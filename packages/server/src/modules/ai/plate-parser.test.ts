import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import { findBrand, parsePlate } from './plate-parser.ts';

/** Texts as tesseract returns them for real plates: line breaks, stray symbols, OCR confusions. */
describe('parsePlate — brand and labelled model', () => {
  const cases: { plate: string; text: string; marque: string | null; modele: string | null }[] = [
    {
      plate: 'Bosch washing machine, bilingual label',
      text: 'BOSCH\n\nMod./Model: WAT28449FF/01\nFD 9604 200123\n\n220-240 V ~ 50 Hz 2300 W\nMade in Germany CE\n',
      marque: 'Bosch',
      modele: 'WAT28449FF/01',
    },
    {
      plate: 'Bosch with 0/O confusion and E-Nr label',
      text: '| B0SCH |\nE-Nr.: WAT28449FF/01  FD 9604\nBSH Hausgeräte GmbH\n10 A ~',
      marque: 'Bosch',
      modele: 'WAT28449FF/01',
    },
    {
      plate: 'Samsung washer, MODEL CODE and serial number',
      text: 'SAMSUNG\nMODEL CODE : WW90T534DAW/S3\nSERIAL NO. 0B2V5ADK300123A\n220-240V~ 50Hz 2000-2400W\nMade in Poland',
      marque: 'Samsung',
      modele: 'WW90T534DAW/S3',
    },
    {
      plate: 'Whirlpool fridge, model written in parts, French label',
      text: 'Whirlpool\nModèle : FFB 8448 BV FR\n12NC 859991565440\nService 0565\n220-240V~ 50Hz 10A\nS/N 123456789012',
      marque: 'Whirlpool',
      modele: 'FFB 8448 BV FR',
    },
    {
      plate: 'Whirlpool with 0/O confusions in the brand',
      text: 'WHIRLP00L EMEA S.p.A.\nType AWO/D 7012\nN° de série : 123456',
      marque: 'Whirlpool',
      modele: 'AWO/D 7012',
    },
    {
      plate: 'Electrolux, Mod. and PNC on one line, brand with 0',
      text: 'ELECTR0LUX\nMod. EW6F4842AB PNC 914 550 123 00\nSer.No. 12345678\n230 V 50 Hz 2200 W\nIPX4',
      marque: 'Electrolux',
      modele: 'EW6F4842AB',
    },
    {
      plate: 'Miele, German/French "Typ/Type" label',
      text: 'Miele\nTyp/Type: WCA030\nNr. 12/123456789\n220-240 V 2100 W 10 A\nMade in Germany',
      marque: 'Miele',
      modele: 'WCA030',
    },
    {
      plate: 'Beko in lower case, Model No',
      text: 'beko\nModel No: WTV8716XBW\n7 kg  1400 rpm\nSN: 12345 6789\nR600a 45 g',
      marque: 'Beko',
      modele: 'WTV8716XBW',
    },
    {
      plate: "De'Longhi coffee machine, dotted model",
      text: "De'Longhi\nType ECAM22.110.B\n220-240V~ 50/60Hz 1450W\nMade in Romania",
      marque: "De'Longhi",
      modele: 'ECAM22.110.B',
    },
    {
      plate: 'De Longhi written in two words, label above the value',
      text: 'DE LONGHI Appliances\nMODELE\nEC685.M\n1300 W',
      marque: "De'Longhi",
      modele: 'EC685.M',
    },
    {
      plate: 'Dyson vacuum, serial with letters is not the model',
      text: 'dyson\nModel: SV18FF\nSerial: GB1-US-HAA1234A\n25.2V ===',
      marque: 'Dyson',
      modele: 'SV18FF',
    },
    {
      plate: 'HP laptop charger, Model No. and S/N',
      text: 'hp\nModel No.: TPN-C126\nInput: 19.5V 3.33A\nS/N: 5CD1234ABC',
      marque: 'HP',
      modele: 'TPN-C126',
    },
    {
      plate: 'Hewlett-Packard long name maps to HP',
      text: 'Hewlett-Packard Company\nRegulatory Model: SNPRC-1806',
      marque: 'HP',
      modele: 'SNPRC-1806',
    },
    {
      plate: 'Moulinex made by Groupe SEB: the product brand, not the maker',
      text: 'Fabriqué en France par Groupe SEB\nMOULINEX\nRéf. : QA5001B1\n230V 50Hz 1000W',
      marque: 'Moulinex',
      modele: 'QA5001B1',
    },
    {
      plate: 'Kärcher without umlaut, Art.-Nr.',
      text: 'KARCHER\nK 5 Power Control\nArt.-Nr. 1.324-550.0\nSerien-Nr. 010123',
      marque: 'Kärcher',
      modele: '1.324-550.0',
    },
    {
      plate: 'Liebherr with 1/I confusion, Type value in two parts',
      text: 'L1EBHERR\nType: CN 4313\nSerie Nr. 12.345.678.9\nR600a 0,051 kg\nClimate class SN-T',
      marque: 'Liebherr',
      modele: 'CN 4313',
    },
    {
      plate: 'Black+Decker written "Black & Decker"',
      text: 'BLACK & DECKER\nType 1\nBDCDD12 10.8V',
      marque: 'Black+Decker',
      modele: 'BDCDD12',
    },
    {
      plate: 'Samsung with one wrong letter (SAMSUMG) and 5/S',
      text: '5AMSUMG\nModel: UE55AU7105K\n100-240V~ 50/60Hz',
      marque: 'Samsung',
      modele: 'UE55AU7105K',
    },
    {
      plate: 'Essentiel b (two-word brand with a single letter)',
      text: 'essentiel b\nRéférence : ELF 714-2b\nboulanger.com',
      marque: 'Essentiel b',
      modele: 'ELF 714-2B',
    },
    {
      plate: 'Series label (not "Série n°")',
      text: 'Hotpoint\nSeries: NSWM1045CWUKN\nSérie n° 907123456',
      marque: 'Hotpoint',
      modele: 'NSWM1045CWUKN',
    },
  ];

  for (const c of cases) {
    it(c.plate, () => {
      expect(parsePlate(c.text)).toEqual({ marque: c.marque, modele: c.modele });
    });
  }
});

describe('parsePlate — model without a label', () => {
  it('takes the most model-like word, not voltage, frequency, power, date or barcode', () => {
    const text = 'LG\n220-240V~ 50Hz 2300W\n03/2021\n8806091234567\nF4WV310S6E\nMade in Korea';
    expect(parsePlate(text)).toEqual({ marque: 'LG', modele: 'F4WV310S6E' });
  });

  it('keeps inner punctuation of a code and trims the outer one', () => {
    expect(parsePlate('Réalisé pour FAR  (LB-123/45).  230 V').modele).toBe('LB-123/45');
  });

  it('ignores serial numbers, even model-like ones', () => {
    const text = 'Candy\nS/N: 31012345ABC\nGVS4127TWB3/2-S\n230V';
    expect(parsePlate(text)).toEqual({ marque: 'Candy', modele: 'GVS4127TWB3/2-S' });
  });

  it('ignores standards, refrigerants, IP codes and electrical ratings', () => {
    const text = 'EN60335-1 R600a IPX4 220-240V 1.5KW 50/60Hz 10A';
    expect(parsePlate(text)).toEqual({ marque: null, modele: null });
  });
});

describe('parsePlate — hint', () => {
  it('keeps the brand the plate shows over another one typed in the hint', () => {
    const text = 'BOSCH\nMod./Model: WAT28449FF/01';
    expect(parsePlate(text, 'Lave-linge Siemens du sous-sol').marque).toBe('Bosch');
  });

  it('a hint without a brand leaves the brand of the plate', () => {
    expect(parsePlate('SAMSUNG\nMODEL: WW90T534DAW', 'lave-linge').marque).toBe('Samsung');
  });

  it('prefers the model of the hint when the plate shows it, even misread', () => {
    // OCR read B for 8 and S for 5; the user typed the right reference.
    const text = 'B0SCH\nE-Nr.: WAT2B449FF/01\nFD 9604';
    expect(parsePlate(text, 'bosch wat28449ff')).toEqual({ marque: 'Bosch', modele: 'WAT28449FF' });
  });

  it('ignores the model of the hint when the plate shows another one', () => {
    const text = 'Miele\nTyp: WCA030\n230 V';
    expect(parsePlate(text, 'Miele W1 WWD320').modele).toBe('WCA030');
  });

  it('hint brand is also found when the plate has no brand', () => {
    expect(parsePlate('Model: KM2030\n230V', 'four Smeg')).toEqual({ marque: 'Smeg', modele: 'KM2030' });
  });
});

describe('parsePlate — nothing to find', () => {
  it('empty text', () => {
    expect(parsePlate('')).toEqual({ marque: null, modele: null });
  });

  it('whitespace and OCR noise', () => {
    expect(parsePlate(' \n\n |  ~ .,; — \n ')).toEqual({ marque: null, modele: null });
  });

  it('only ratings and a date', () => {
    expect(parsePlate('230 V~ 50 Hz\n2000 W\n12/2019\nClasse I')).toEqual({ marque: null, modele: null });
  });

  it('ordinary words near a brand name are not brands (Brand, Color, Liste, Hair)', () => {
    expect(parsePlate('Brand: unknown\nColor white\nListe des pièces\nHair dryer').marque).toBeNull();
  });

  it('"1.5 HP" is horsepower, not HP', () => {
    expect(parsePlate('Compresseur 1.5 HP 230V').marque).toBeNull();
  });

  it('Type with a word value is not a model', () => {
    expect(parsePlate('Type : Lave-linge frontal\nType de gaz : naturel').modele).toBeNull();
  });
});

describe('brands list', () => {
  it('has about 150 brands or more, each name found by the matcher', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(150);
    for (const { name } of BRANDS) expect(findBrand(`Marque ${name} Made in EU`), name).toBe(name);
  });

  it('names are unique', () => {
    const names = BRANDS.map((b) => b.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});
