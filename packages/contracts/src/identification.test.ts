import { describe, expect, it } from 'vitest';
import { EnergyFields, kwhError } from './appliances.ts';
import { parseScannedCode } from './identification.ts';
import { isEan13 } from './product-codes.ts';
import { MSG } from './messages.fr.ts';

describe('what a scanned code points at', () => {
  it('reads the registration number of an energy label’s QR code', () => {
    expect(parseScannedCode('https://eprel.ec.europa.eu/qr/1480123')).toEqual({ kind: 'eprel', numero: '1480123' });
    expect(parseScannedCode(' http://EPREL.ec.europa.eu/qr/42/ ')).toEqual({ kind: 'eprel', numero: '42' });
    expect(parseScannedCode('https://eprel.ec.europa.eu/qr/1480123?lang=fr')).toEqual({ kind: 'eprel', numero: '1480123' });
  });
  it('reads an EAN-13 whose check digit is right, and a UPC-A as the same barcode with a leading 0', () => {
    expect(parseScannedCode('3540012345678')).toEqual({ kind: 'ean', ean: '3540012345678' });
    expect(parseScannedCode('036000291452')).toEqual({ kind: 'ean', ean: '0036000291452' });
  });
  it('refuses anything else: another site, a wrong check digit, a label number with letters', () => {
    for (const text of ['https://exemple.fr/qr/1480123', 'https://eprel.ec.europa.eu/qr/12ab', '3540012345679', 'bonjour', ''])
      expect(parseScannedCode(text), text).toBeNull();
  });
  it('checks the EAN-13 key by hand: 3 5 4 0 0 1 2 3 4 5 6 7 → 3+15+4+0+0+3+2+9+4+15+6+21 = 82 → key 8', () => {
    expect(isEan13('3540012345678')).toBe(true);
    expect(isEan13('3540012345670')).toBe(false);
  });
});

describe('the energy fields of an appliance', () => {
  it('reads a consumption typed with a comma or spaces, to the tenth; empty clears; out of 0–10 000 is refused', () => {
    const kwh = EnergyFields.shape.energy_kwh_year;
    expect(kwh.parse('152,46')).toBe(152.5);
    expect(kwh.parse('1 200')).toBe(1200);
    expect(kwh.parse(114.4)).toBe(114.4);
    expect(kwh.parse('')).toBeNull();
    expect(kwh.parse(undefined)).toBeUndefined();
    for (const bad of ['10001', '-5', 'beaucoup', 20_000]) expect(kwhError(String(bad)), String(bad)).toBe(MSG.energyKwhInvalid);
    expect(kwhError('0')).toBeNull();
  });
});
