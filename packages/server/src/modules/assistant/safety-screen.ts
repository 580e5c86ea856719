import {
  detectEmergency,
  EMERGENCIES,
  EMERGENCY_KINDS,
  type EmergencyKind,
  isSafetyBypass,
  type Refus,
  SAFETY_BYPASS_REFUSAL,
  type Urgence,
} from '@ecofoyer/contracts';
import { type DangerModel, loadDangerModel, readDanger } from './danger-model.ts';

export interface Screened {
  urgence: Urgence | null;
  refus: Refus | null;
}

const moreSerious = (a: EmergencyKind | null, b: EmergencyKind | null) =>
  a === null ? b : b === null ? a : EMERGENCY_KINDS.indexOf(a) <= EMERGENCY_KINDS.indexOf(b) ? a : b;

/**
 * What a message is before anything else is said about it: an emergency — read by the
 * high-precision rules (contracts/emergency.ts) or by the learned classifier (danger-model.ts), the
 * more serious of the two, so that the rules only ever add alarms — else a request to bypass a safety
 * device (the rules' sure cases or the classifier), else nothing. The model is read on first use.
 */
export class SafetyScreen {
  private model: DangerModel | undefined;

  constructor(private readonly load: () => DangerModel = () => loadDangerModel()) {}

  /** Reads the model now (at start, in the background: the first question must not wait for it). */
  warm(): void {
    this.model ??= this.load();
  }

  screen(text: string, device?: string | null): Screened {
    this.warm();
    const reading = readDanger(this.model!, text, device);
    const kind = moreSerious(detectEmergency(text, device), reading.kind);
    if (kind) return { urgence: EMERGENCIES[kind], refus: null };
    if (reading.bypass || isSafetyBypass(text)) return { urgence: null, refus: SAFETY_BYPASS_REFUSAL };
    return { urgence: null, refus: null };
  }
}

let shared: SafetyScreen | undefined;
/** One screen per process: the model is read-only (like the knowledge base's index). */
export function sharedSafetyScreen(): SafetyScreen {
  shared ??= new SafetyScreen();
  return shared;
}
