/**
 * The numbers a product carries: its EAN-13 barcode, and the EPREL registration number
 * of its energy label. Apart from the lookups' schemas (identification.ts) so that the appliance
 * forms, on every signed-in page, carry only these checks.
 */
const EPREL_NUMBER = /^\d{1,10}$/;

/** GS1 check digit: weights 1 and 3 alternating from the left over the first 12 digits. */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/** An EPREL registration number: 1 to 10 digits. */
export const isEprelNumber = (value: string) => EPREL_NUMBER.test(value);
