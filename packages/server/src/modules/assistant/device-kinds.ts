/**
 * Close kinds of device (issue 13 "The device is a hard constraint"): when the user picked a device,
 * only faults of that kind and of the kinds declared close here are candidates. A pair is close when
 * one is commonly the other, or part of it: a cuisinière is a hob on an oven, a reversible air
 * conditioner is an air-to-air heat pump, a combined fridge holds a freezer. Kept short on purpose:
 * every pair here widens what a chat about one device may answer.
 */
const CLOSE: [string, string][] = [
  ['cuisiniere', 'four'],
  ['cuisiniere', 'plaque-de-cuisson'],
  ['four', 'mini-four'],
  ['refrigerateur', 'congelateur'],
  ['refrigerateur', 'cave-a-vin'],
  ['climatiseur', 'pompe-a-chaleur'],
  ['fer-a-repasser', 'centrale-vapeur'],
  ['console-de-jeux', 'console-portable'],
  ['telephone-portable', 'tablette'],
  ['chaine-hi-fi', 'enceinte'],
  ['ordinateur-portable', 'ordinateur-fixe'],
];

const closeKinds = new Map<string, Set<string>>();
for (const [a, b] of CLOSE) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (!closeKinds.has(x)) closeKinds.set(x, new Set());
    closeKinds.get(x)!.add(y);
  }
}

/** The kinds a chat about `slug` may answer about: itself and its declared close kinds. */
export function kindsOf(slug: string): Set<string> {
  return new Set([slug, ...(closeKinds.get(slug) ?? [])]);
}

export const CLOSE_KINDS = CLOSE;
