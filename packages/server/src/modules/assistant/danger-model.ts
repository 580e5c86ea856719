import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMERGENCY_KINDS, type EmergencyKind, foldFr, normalizeFr } from '@ecofoyer/contracts';
import { referenceProducts } from '../../db/reference.ts';
import { conceptFeatures } from './danger-concepts.ts';

/**
 * The learned danger classifier (decision 023): what a question is about — one of the
 * emergencies, a request to bypass a safety device, or neither — read from character n-grams and
 * words of the normalised text (so a slang or misspelt phrasing lands near the ones it was trained on),
 * and the appliance chosen. A multinomial logistic regression trained in the repository
 * (`training/emergency-train.ts`) on short texts written apart by several writers; its weights ship
 * as `danger-model.json`. It only adds alarms to the rules (contracts/emergency.ts), never removes one.
 */

export const DANGER_CLASSES = ['aucun', ...EMERGENCY_KINDS, 'contournement'] as const;
export type DangerClass = (typeof DANGER_CLASSES)[number];

export const DANGER_MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'danger-model.json');

/** What the training writes, and what a server reads. */
export interface DangerModelFile {
  version: 1;
  /** sha256 of the training corpus it was fitted on (training/emergency/*.json). */
  corpus: string;
  classes: readonly DangerClass[];
  features: string[];
  /** features × classes weights, int8, row by row, base64; a weight is the byte times `scale`. */
  weights: string;
  scale: number;
  bias: number[];
  /** An alarm when the probabilities of the emergency classes add up to this or more. */
  alarm: number;
  /** A refusal when the probability of `contournement` reaches this (and no alarm). */
  bypass: number;
}

export interface DangerModel {
  file: DangerModelFile;
  index: Map<string, number>;
  weights: Float32Array;
}

export interface DangerReading {
  probabilities: Record<DangerClass, number>;
  /** The emergency classes' probabilities, added. */
  danger: number;
  /** The most likely emergency, when `danger` reaches the alarm threshold. */
  kind: EmergencyKind | null;
  /** A request to bypass a safety device. */
  bypass: boolean;
}

/** Characters around a word, so that n-grams tell its start and end (« _gaz_ »). */
const BOUNDARY = '_';

/**
 * The features of a text: its normalised words, their pairs, the words' character 3- to 5-grams, the
 * concepts of each clause and their pairs (danger-concepts.ts), and the chosen appliance. Shared by
 * the training and the server, so both read a text the same way.
 */
export function dangerFeatures(text: string, device?: string | null): string[] {
  const out: string[] = [];
  // Clause by clause: a negation reaches the words after it until a punctuation mark.
  for (const clause of normalizeFr(text).split(/[.,;:!?()]+/)) {
    const words = [...clause.matchAll(/[\p{L}\p{N}'-]+/gu)].flatMap((m) =>
      m[0]
        .split("'")
        .filter(Boolean)
        .map((w) => ({ w, at: m.index })),
    );
    const denied: [number, number][] = [];
    let negated = 0;
    for (let i = 0; i < words.length; i++) {
      const { w: word, at } = words[i]!;
      // « pas d'odeur », « aucune fumée », « ni chaud ni gonflé »: the next words are said not to be there,
      // and read apart from the same words said to be there.
      const mark = negated > 0 ? 'n' : '';
      if (negated > 0) denied.push([at, at + word.length]);
      out.push(`${mark}w:${word}`);
      if (i + 1 < words.length) out.push(`${mark}b:${word}_${words[i + 1]!.w}`);
      const padded = `${BOUNDARY}${word}${BOUNDARY}`;
      for (let n = 3; n <= 5; n++) for (let j = 0; j + n <= padded.length; j++) out.push(`${mark}c:${padded.slice(j, j + n)}`);
      if (NEGATIONS.has(word)) negated = NEGATION_REACH;
      else if (negated > 0 && !FILLERS.has(word)) negated--;
    }
    out.push(...conceptFeatures(clause, (index) => denied.some(([from, to]) => index >= from && index < to)));
  }
  if (device) out.push(`d:${foldFr(device)}`);
  return out;
}

/** Words that deny what follows them, and how many words (articles apart) they reach. */
const NEGATIONS = new Set(['pas', 'aucun', 'aucune', 'sans', 'ni', 'jamais', 'rien', 'zero', 'nul', 'nulle', 'plus']);
const NEGATION_REACH = 3;
const FILLERS = new Set(['d', 'de', 'du', 'des', 'la', 'le', 'les', 'l', 'un', 'une', 'trop', 'vraiment', 'tout', 'meme']);

export function loadDangerModel(file = DANGER_MODEL_FILE): DangerModel {
  const data = JSON.parse(readFileSync(file, 'utf8')) as DangerModelFile;
  const bytes = Buffer.from(data.weights, 'base64');
  const weights = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) weights[i] = ((bytes[i]! << 24) >> 24) * data.scale;
  return { file: data, index: new Map(data.features.map((f, i) => [f, i])), weights };
}

/** Class scores (before softmax) of a bag of features. */
export function scores(
  model: Pick<DangerModel, 'index' | 'weights'> & { file: Pick<DangerModelFile, 'bias' | 'classes'> },
  features: string[],
): number[] {
  const classes = model.file.classes.length;
  const z = [...model.file.bias];
  for (const feature of new Set(features)) {
    const row = model.index.get(feature);
    if (row === undefined) continue;
    const at = row * classes;
    for (let c = 0; c < classes; c++) z[c]! += model.weights[at + c]!;
  }
  return z;
}

export function softmax(z: number[]): number[] {
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** What the classifier reads in a question (with the appliance chosen in the chat, if any). */
/**
 * Appliances that hold no battery that could swell (mains only, or a remote's AA cells), and those in
 * which nothing burns: on these, the classifier's « batterie » or « monoxyde » is no alarm unless the
 * words themselves name what the danger is made of (a battery, a swelling; a flame, a fuel, a gas, a
 * CO alarm, a smell or smoke). A household's own appliance names, and no appliance, keep every kind.
 */
const NO_BATTERY = new Set(
  [
    'Réfrigérateur',
    'Congélateur',
    'Cave à vin',
    'Lave-vaisselle',
    'Lave-linge',
    'Sèche-linge',
    'Four électrique',
    'Micro-ondes',
    'Mini-four',
    'Plaque de cuisson',
    'Cuisinière',
    'Hotte',
    'Bouilloire',
    'Cafetière à dosettes',
    'Cafetière à filtre',
    'Cafetière expresso',
    'Machine à café automatique',
    'Grille-pain',
    'Robot de cuisine',
    'Robot pâtissier',
    'Presse-agrumes',
    'Centrifugeuse',
    'Friteuse',
    'Machine à pain',
    'Yaourtière',
    'Appareil à raclette',
    'Téléviseur',
    'Vidéoprojecteur',
    'Chaîne hi-fi',
    'Radiateur',
    'Climatiseur',
    'Fer à repasser',
    'Centrale vapeur',
    'Chauffe-eau',
    'Chaudière',
    'Pompe à chaleur',
    'Ordinateur fixe',
    'Moniteur',
    'Imprimante',
    'Scanner',
    'Machine à coudre',
    'Box internet',
    'Humidificateur',
    'Déshumidificateur',
    "Purificateur d'air",
  ].map(foldFr),
);
const COMBUSTION = new Set(
  [
    'Chaudière',
    'Chauffe-eau',
    'Radiateur',
    'Cuisinière',
    'Plaque de cuisson',
    'Four électrique',
    'Hotte',
    'Détecteur de fumée',
    'Tondeuse à gazon',
    'Nettoyeur haute pression',
  ].map(foldFr),
);
/** The catalogue's appliance names: another name (a household's own) says nothing of what it holds. */
let known: Set<string> | undefined;
const catalogue = () => (known ??= new Set(referenceProducts().map((p) => foldFr(p.prodName))));
const BATTERY_WORDS = ['k:battery', 'k:swell'];
const BURNING_WORDS = ['k:gas', 'k:badFlame', 'k:coAlarm', 'k:smell', 'k:smoke', 'k:fire', 'k:alarm'];
const FUEL =
  /\b(chaudieres?|chauffe-?(eau|bain)|poeles?|braseros?|barbecues?|petrole|fioul|mazout|bois|charbon|chauffages?|groupe|electrogene|moteurs?|cheminees?|inserts?|echappement|voitures?|garage)\b/;

/** Whether the chosen appliance, or failing it the words, can be this kind of emergency. */
function plausible(kind: EmergencyKind, features: Set<string>, text: string, device: string | null | undefined): boolean {
  const name = device ? foldFr(device) : null;
  if (name === null || !catalogue().has(name)) return true;
  if (kind === 'batterie') return !NO_BATTERY.has(name) || BATTERY_WORDS.some((f) => features.has(f));
  if (kind === 'monoxyde') return COMBUSTION.has(name) || BURNING_WORDS.some((f) => features.has(f)) || FUEL.test(normalizeFr(text));
  return true;
}

export function readDanger(model: DangerModel, text: string, device?: string | null): DangerReading {
  const features = dangerFeatures(text, device);
  const p = softmax(scores(model, features));
  const probabilities = Object.fromEntries(model.file.classes.map((c, i) => [c, p[i]!])) as Record<DangerClass, number>;
  const present = new Set(features);
  const kinds = EMERGENCY_KINDS.filter((k) => plausible(k, present, text, device));
  const danger = kinds.reduce((sum, k) => sum + probabilities[k], 0);
  const kind =
    danger >= model.file.alarm && kinds.length > 0
      ? kinds.reduce((best, k) => (probabilities[k] > probabilities[best] ? k : best), kinds[0]!)
      : null;
  return { probabilities, danger, kind, bypass: kind === null && probabilities.contournement >= model.file.bypass };
}
