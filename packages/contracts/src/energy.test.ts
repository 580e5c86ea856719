import { describe, expect, it } from 'vitest';
import { classAKwhYear, DEFAULT_ELECTRICITY_TARIFF, runningCostFr, tariffFr, yearlyCost } from './energy.ts';

/** Intl writes a no-break space before € and narrow ones between thousands: compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the running cost at the regulated tariff', () => {
  it('is kWh × €/kWh to the cent: 434 kWh × 0,1940 € = 84,196 → 84,20 €', () => {
    expect(yearlyCost(434, 0.194)).toBe(84.2);
    expect(yearlyCost(114.4, 0.194)).toBe(22.19);
    expect(yearlyCost(0, 0.194)).toBe(0);
  });
  it('says it in French, with the day the tariff came into force, the first of the month as « 1er »', () => {
    expect(plain(runningCostFr(434, DEFAULT_ELECTRICITY_TARIFF))).toBe('84,20 € par an au tarif réglementé du 1er février 2026');
    expect(plain(runningCostFr(7000, { prixKwh: 0.2016, date: '2026-08-15' }))).toBe(
      '1 411,20 € par an au tarif réglementé du 15 août 2026',
    );
    expect(plain(tariffFr(DEFAULT_ELECTRICITY_TARIFF))).toBe('0,1940 € le kWh (tarif réglementé du 1er février 2026)');
  });
  it('defaults to the Tarif Bleu base price of 1 February 2026', () => {
    expect(DEFAULT_ELECTRICITY_TARIFF).toEqual({ prixKwh: 0.194, date: '2026-02-01' });
  });
});

describe('a class-A model of the same size (Regulation (EU) 2019/2016 bands)', () => {
  it('uses at most 41 / (the class’s lower bound) of a fridge’s consumption: class E (EEI > 84), 298 kWh → 145 kWh', () => {
    expect(classAKwhYear('refrigerateur', 'E', 298)).toBe(145);
    expect(classAKwhYear('congelateur', 'B', 200)).toBe(200);
  });
  it('compares a washing machine and a dishwasher with the bands of their own labels (2019/2014, 2019/2017)', () => {
    // 52 kWh per 100 cycles × 2.2: a class D washing machine (EEIW > 69); an A of the same size ≤ 52.
    expect(classAKwhYear('lave-linge', 'D', 114.4)).toBe(86);
    expect(classAKwhYear('lave-linge', 'G', 204)).toBe(104);
    expect(classAKwhYear('lave-vaisselle', 'E', 266)).toBe(170);
    expect(classAKwhYear('lave-linge', 'A', 100)).toBeNull();
  });
  it('says nothing for a class-A appliance, an unknown class or consumption, or a type without cited bands', () => {
    expect(classAKwhYear('refrigerateur', 'A', 120)).toBeNull();
    expect(classAKwhYear('refrigerateur', null, 300)).toBeNull();
    expect(classAKwhYear('refrigerateur', 'D', null)).toBeNull();
    expect(classAKwhYear('four', 'D', 150)).toBeNull();
  });
});
