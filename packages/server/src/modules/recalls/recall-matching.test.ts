import { describe, expect, it } from 'vitest';
import { brandKeys, matchRecalls, normalise, normaliseGtin, RecallIndex, referenceKeys, type SheetForMatching } from './recall-matching.ts';

const sheet = (id: string, brand: string, models: string, gtins: string[] = []): SheetForMatching => ({ id, brand, models, gtins });
const appliance = (marque: string | null, modele: string | null, gtin?: string) => ({ id: 1, marque, modele, gtin });
const sheetsFor = (s: SheetForMatching[], a: ReturnType<typeof appliance>) => new RecallIndex(s).sheetsFor(a);

describe('recall matching', () => {
  it('normalises case, accents, spaces, dashes, dots and slashes', () => {
    expect(normalise('Série 6 WGG-244.09/FF')).toBe('serie6wgg24409ff');
    expect(normalise("De'Longhi")).toBe('delonghi');
    expect(brandKeys('Bosch / Siemens')).toEqual(['bosch', 'siemens']);
    expect(normaliseGtin('4242005 123456')).toBe('04242005123456');
    expect(normaliseGtin('lot 12')).toBeNull();
  });

  it('splits a list of references on commas, semicolons, slashes, bars and new lines', () => {
    expect(referenceKeys('WGG24409FF, WGG244A9FF;WAN28208FF / WAU28T40FF\nWGB2440XFF|WAX32M40')).toEqual(
      expect.arrayContaining(['wgg24409ff', 'wgg244a9ff', 'wan28208ff', 'wau28t40ff', 'wgb2440xff', 'wax32m40']),
    );
  });

  it('matches the same brand and a listed reference equal to the model, whatever the writing', () => {
    const sheets = [sheet('2026-11-0142', 'bosch', 'wgg24409ff / wgg244a9ff')];
    expect(sheetsFor(sheets, appliance('BOSCH', 'WGG 244-09 FF'))).toEqual(['2026-11-0142']);
    expect(sheetsFor(sheets, appliance('Bosch', 'wgg244a9ff'))).toEqual(['2026-11-0142']);
  });

  it('finds the reference among the words of a model that also names its series (the demo’s Bosch)', () => {
    expect(sheetsFor([sheet('s1', 'bosch', 'lave-linge wgg24409ff')], appliance('Bosch', 'Série 6 WGG24409FF'))).toEqual(['s1']);
    expect(sheetsFor([sheet('s1', 'bosch', 'série 6 wgg24409ff')], appliance('Bosch', 'WGG24409FF'))).toEqual(['s1']);
  });

  it('does not match a near miss: one character away, a prefix, the series alone, another brand', () => {
    const a = appliance('Bosch', 'Série 6 WGG24409FF');
    expect(sheetsFor([sheet('one-char', 'bosch', 'wgg24409fg')], a)).toEqual([]);
    expect(sheetsFor([sheet('prefix', 'bosch', 'wgg2440')], a)).toEqual([]);
    expect(sheetsFor([sheet('longer', 'bosch', 'wgg24409ff2')], a)).toEqual([]);
    expect(sheetsFor([sheet('series', 'bosch', 'série 6')], a)).toEqual([]);
    expect(sheetsFor([sheet('brand', 'siemens', 'wgg24409ff')], a)).toEqual([]);
    expect(sheetsFor([sheet('s', 'bosch', 'wgg24409ff')], appliance('Bosch', 'Série 6'))).toEqual([]);
  });

  it('does not take a power, a capacity or a series for a reference', () => {
    expect(sheetsFor([sheet('w', 'rowenta', 'sèche-cheveux 2000W')], appliance('Rowenta', 'Powerline 2000W'))).toEqual([]);
    expect(sheetsFor([sheet('q', 'siemens', 'iQ300 SN23HI60AE')], appliance('Siemens', 'iQ300 SN25ZI49CE'))).toEqual([]);
    expect(sheetsFor([sheet('q', 'siemens', 'iQ300 SN23HI60AE')], appliance('Siemens', 'iQ300'))).toEqual([]);
    expect(sheetsFor([sheet('q', 'siemens', 'iQ300 SN23HI60AE')], appliance('Siemens', 'SN23HI60AE'))).toEqual(['q']);
  });

  it('matches by GTIN, whatever the brand, once the appliance has one', () => {
    const sheets = [sheet('g', 'marque inconnue', '', ['4242005123456'])];
    expect(sheetsFor(sheets, appliance('Bosch', 'X', '4 242005 123456'))).toEqual(['g']);
    expect(sheetsFor(sheets, appliance('Bosch', 'X', '4242005123457'))).toEqual([]);
    expect(sheetsFor(sheets, appliance('Bosch', 'X'))).toEqual([]);
  });

  it('gives nothing to an appliance without brand or model', () => {
    const sheets = [sheet('s', 'bosch', 'wgg24409ff')];
    expect(sheetsFor(sheets, appliance(null, 'WGG24409FF'))).toEqual([]);
    expect(sheetsFor(sheets, appliance('Bosch', null))).toEqual([]);
  });

  it('pairs every appliance with each sheet that concerns it', () => {
    const sheets = [sheet('a', 'bosch', 'wgg24409ff'), sheet('b', 'bosch / siemens', 'wgg24409ff; sn23hi60ae')];
    const appliances = [
      { id: 1, marque: 'Bosch', modele: 'Série 6 WGG24409FF' },
      { id: 2, marque: 'Siemens', modele: 'iQ300 SN23HI60AE' },
      { id: 3, marque: 'Liebherr', modele: 'CNef 4835' },
    ];
    expect(matchRecalls(sheets, appliances)).toEqual([
      { applianceId: 1, sheetId: 'a' },
      { applianceId: 1, sheetId: 'b' },
      { applianceId: 2, sheetId: 'b' },
    ]);
  });
});
