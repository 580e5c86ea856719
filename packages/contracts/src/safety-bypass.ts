import { z } from 'zod';
import { normalizeFr } from './normalize.ts';

/**
 * A request to disable, bridge or fool a safety device: a safety thermostat, a
 * pressure switch, a door lock, the earth, a fuse or a breaker, a gas flame safety… The assistant
 * never explains it; it answers this fixed refusal, which says why and where to go instead. The
 * server also reads such requests with its classifier (modules/assistant/danger-model.ts); these
 * rules are the sure cases, which the chat recognises at once.
 */
export const Refus = z.object({ titre: z.string(), explications: z.array(z.string()), conseil: z.string() });
export type Refus = z.infer<typeof Refus>;

export const SAFETY_BYPASS_REFUSAL: Refus = {
  titre: 'Je ne t’aiderai pas à désactiver une sécurité',
  explications: [
    'Une sécurité (thermostat de sécurité, pressostat, verrouillage de porte, mise à la terre, fusible, disjoncteur, sécurité de flamme du gaz, capteur de couvercle) coupe l’appareil quand quelque chose ne va pas : surchauffe, fuite, porte ouverte, défaut électrique, flamme éteinte.',
    'La shunter ou la ponter ne répare rien : la panne reste, et c’est l’appareil qui continue de chauffer, de fuir ou de conduire le courant sans que rien ne l’arrête. Incendie, électrocution, intoxication ou dégât des eaux peuvent suivre.',
    'Qu’elle se déclenche est un signe : c’est la cause qu’il faut trouver, et la pièce de sécurité se remplace par une pièce d’origine, jamais par un pont.',
  ],
  conseil:
    'Décris-moi plutôt ce que fait l’appareil quand la sécurité se déclenche, ou fais-le vérifier par un réparateur (et par un professionnel du gaz pour un appareil à gaz).',
};

export function refusalText(r: Refus): string {
  return [`⛔ ${r.titre}`, ...r.explications, r.conseil].join('\n');
}

/** The verbs that only mean defeating a device (normalised, any form). */
const DEFEAT = String.raw`(shunt\w*|pont(er|e|es|ez|ant|age|ages)|court-?circuit\w*|bypass\w*|by-pass\w*|contourn\w*|neutralis\w*|desactiv\w*|tromp(er|e)|berner|strapp\w*|squeez\w*)`;
/**
 * Verbs that also describe a repair or a check (« j'ai retiré le fusible, il est noir »): a request only
 * in the infinitive, with a question (« comment », « peut-on »…), and not for testing or replacing.
 */
const WEAK = String.raw`(enlever|retirer|virer|debrancher|deconnecter|supprimer|degager|bloquer|coincer|annuler|bidouiller|se passer d)`;
const ASKING = /\b(comment|moyen|astuce|peut-on|peut on|on peut|je peux|puis-je|possible|faut-il|faut il|est-ce que|tuto)\b|\?/;
const A_CHECK = /\bpour (le |la |les |l')?(tester|verifier|controler|mesurer|changer|remplacer|nettoyer|detartrer)\b/;
/** The safety devices of an appliance or an installation (a child lock is the owner's to unlock: not one of them). */
const DEVICE = String.raw`(securites?|thermostats? de securite|klixon|thermofusibles?|fusibles?|disjoncteurs?|differentiels?|pressostats?|verrou\w* (de |du )?(la )?(porte|hublot|couvercle)|securite (de |d')?(porte|couvercle|flamme|surchauffe|gaz)|(fil|prise|cable|mise) (de |a la )?terre|terre|thermocouples?|detecteurs? (de|d') ?(fumee|co|monoxyde|gaz)|capteurs? (de )?(couvercle|porte|basculement|surchauffe)|interrupteurs? de (porte|couvercle|securite)|micro-?switch|limiteurs? de temperature|soupapes?( de securite)?|groupe de securite|clapets? de securite)`;
const STRONG = [
  new RegExp(String.raw`\b${DEFEAT}\b[^.!?]{0,40}?\b${DEVICE}\b`),
  new RegExp(String.raw`\b${DEVICE}\b[^.!?]{0,40}?\b${DEFEAT}\b`),
];
const WEAK_REQUEST = new RegExp(String.raw`\b${WEAK}\b[^.!?]{0,40}?\b${DEVICE}\b`);
/** « faire marcher le four porte ouverte », « que ça chauffe sans la sécurité ». */
const WITHOUT = String.raw`(sans (la |les |sa |ses |le |son )?(securite\w*|verrou\w*|thermostat de securite|pressostat|terre)|porte ouverte|hublot ouvert|couvercle ouvert)`;
const RUN = String.raw`((faire |le faire |la faire )?(marcher|tourner|fonctionner|chauffer|demarrer)|utiliser|lancer|allumer)`;
const RUN_WITHOUT = new RegExp(String.raw`\b${RUN}\b[^.!?]{0,30}?\b${WITHOUT}\b|\b${WITHOUT}\b[^.!?]{0,30}?\b${RUN}\b`);
/** A child lock, a keypad lock: the owner unlocks them, the manual says how. */
const OWNER_LOCK = /\b(securite|verrou\w*) (enfants?|des touches|du clavier|parental\w*)\b/;

/** Words that tell the person is asking about the device, not how to defeat it (« ma sécurité a sauté, pourquoi ? »). */
const NOT_A_REQUEST =
  /\b(a saute|a disjoncte|fait sauter|fait disjoncter|se declenche|s'est declenche\w*|saute tout le temps|saute sans arret|pourquoi (la |le )?\w*( de securite)? (saute|se declenche|coupe))\b/;

/** Whether a message asks how to disable a safety device (the sure cases; the server's classifier reads the rest). */
export function isSafetyBypass(input: string): boolean {
  const text = normalizeFr(input);
  if (OWNER_LOCK.test(text) && !/\b(shunt\w*|pont(er|e)|court-?circuit\w*)\b/.test(text)) return false;
  if (STRONG.some((re) => re.test(text))) {
    // « Le disjoncteur saute quand je branche le four » is a breakdown, unless a bypassing verb of its own is there.
    return !NOT_A_REQUEST.test(text) || /\b(shunt\w*|pont(er|e|ez)|court-?circuit\w*|bypass\w*|contourn\w*|neutralis\w*)\b/.test(text);
  }
  const asking = ASKING.test(text) || /\bpour (que|qu'|faire)\b/.test(text);
  if (!asking || NOT_A_REQUEST.test(text)) return false;
  if (WEAK_REQUEST.test(text) && !A_CHECK.test(text)) return true;
  return RUN_WITHOUT.test(text);
}
