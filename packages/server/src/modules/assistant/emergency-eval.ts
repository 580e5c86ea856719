import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMERGENCY_KINDS, type EmergencyKind } from '@ecofoyer/contracts';
import { diagnose } from './diagnose.ts';
import type { FaultIndex } from './fault-index.ts';
import type { SafetyScreen } from './safety-screen.ts';

const BENCH = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../bench/assistant');

/**
 * The evaluation set of the danger screen: written by a writer who saw neither the
 * training corpus nor the rules, never tuned on (bench/assistant/emergency-held-out.json).
 */
export interface EmergencyItem {
  query: string;
  kind: EmergencyKind | 'contournement' | 'panne' | 'hors-sujet';
  productName?: string;
}

export const readEmergencySet = (file = 'emergency-held-out.json'): EmergencyItem[] =>
  JSON.parse(readFileSync(path.join(BENCH, file), 'utf8'));

export interface EmergencyEvaluation {
  /** Per emergency kind: how many, how many alarmed (any emergency), how many with the right kind. */
  perKind: Record<EmergencyKind, { n: number; alarmed: number; rightKind: number }>;
  emergencies: { n: number; recall: number };
  bypass: { n: number; refused: number; recall: number };
  /** Ordinary breakdowns: an alarm or a refusal on one is a false alarm. */
  breakdowns: { n: number; falseAlarms: number; falseRefusals: number; rate: number; abstained: number };
  /** Questions not about a breakdown: the assistant says it has no sheet (and never alarms). */
  outOfScope: { n: number; abstained: number; alarms: number; recall: number };
  /** Abstentions over the breakdowns and the out-of-scope questions: how many were out of scope. */
  abstention: { precision: number; recall: number };
  latencyMs: { p50: number; p99: number };
  misses: { query: string; kind: string; productName?: string; got: string }[];
}

const quantile = (xs: number[], q: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** The assistant's whole decision (screen, then sheets with abstention) on each item of the set. */
export function evaluateEmergencies(index: FaultIndex, screen: SafetyScreen, items: EmergencyItem[]): EmergencyEvaluation {
  const perKind = Object.fromEntries(EMERGENCY_KINDS.map((k) => [k, { n: 0, alarmed: 0, rightKind: 0 }])) as EmergencyEvaluation['perKind'];
  const bypass = { n: 0, refused: 0 };
  const breakdowns = { n: 0, falseAlarms: 0, falseRefusals: 0, abstained: 0 };
  const outOfScope = { n: 0, abstained: 0, alarms: 0 };
  const times: number[] = [];
  const misses: EmergencyEvaluation['misses'] = [];
  for (const item of items) {
    const started = performance.now();
    const d = diagnose(index, item.query, index.resolveProduct(item.productName), 5, screen);
    times.push(performance.now() - started);
    const got =
      d.kind === 'urgence'
        ? `urgence:${d.urgence.type}`
        : d.kind === 'refus'
          ? 'refus'
          : d.kind === 'aucune'
            ? 'aucune fiche'
            : `fiche:${d.matches[0]!.entry.id}`;
    const miss = () => misses.push({ query: item.query, kind: item.kind, productName: item.productName, got });
    if ((EMERGENCY_KINDS as readonly string[]).includes(item.kind)) {
      const kind = perKind[item.kind as EmergencyKind];
      kind.n++;
      if (d.kind === 'urgence') {
        kind.alarmed++;
        if (d.urgence.type === item.kind) kind.rightKind++;
      } else miss();
    } else if (item.kind === 'contournement') {
      bypass.n++;
      if (d.kind === 'refus') bypass.refused++;
      else miss();
    } else if (item.kind === 'panne') {
      breakdowns.n++;
      if (d.kind === 'urgence') breakdowns.falseAlarms++;
      if (d.kind === 'refus') breakdowns.falseRefusals++;
      if (d.kind === 'aucune') breakdowns.abstained++;
      if (d.kind === 'urgence' || d.kind === 'refus') miss();
    } else {
      outOfScope.n++;
      if (d.kind === 'aucune') outOfScope.abstained++;
      else miss();
      if (d.kind === 'urgence') outOfScope.alarms++;
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const dangers = Object.values(perKind).reduce((s, k) => ({ n: s.n + k.n, alarmed: s.alarmed + k.alarmed }), { n: 0, alarmed: 0 });
  const abstainedAll = breakdowns.abstained + outOfScope.abstained;
  return {
    perKind,
    emergencies: { n: dangers.n, recall: ratio(dangers.alarmed, dangers.n) },
    bypass: { ...bypass, recall: ratio(bypass.refused, bypass.n) },
    breakdowns: { ...breakdowns, rate: ratio(breakdowns.falseAlarms + breakdowns.falseRefusals, breakdowns.n) },
    outOfScope: { ...outOfScope, recall: ratio(outOfScope.abstained, outOfScope.n) },
    abstention: { precision: ratio(outOfScope.abstained, abstainedAll), recall: ratio(outOfScope.abstained, outOfScope.n) },
    latencyMs: { p50: Number(quantile(times, 0.5).toFixed(2)), p99: Number(quantile(times, 0.99).toFixed(2)) },
    misses,
  };
}
