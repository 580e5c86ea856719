const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const KB = 1024;
const MB = 1024 * 1024;

/** A file's size as French writes it: « 850 ko », « 2,4 Mo » (the units of the app's upload limits, 1 Mo = 1024 ko). */
export function sizeFr(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))}\u00a0ko`;
  return `${ONE_DECIMAL.format(bytes / MB).replace(/[\u202f\u2009]/g, '\u00a0')}\u00a0Mo`;
}
