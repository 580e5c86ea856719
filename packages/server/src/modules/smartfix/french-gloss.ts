/**
 * The repair records the model learnt from are written in English, Danish and Dutch: only about a
 * hundred are French. So a French description is glossed with the English words repairers use for
 * the same thing before it reaches the model (its own words are kept).
 */
const GLOSS: [RegExp, string][] = [
  [/ne (s'?|s’)?(allume|demarre|marche|fonctionne)s? (plus|pas)|en panne|hs\b|mort/, 'not working does not turn on dead'],
  [/(s'?|s’)eteint|se coupe|coupure/, 'turns off cuts out'],
  [/intermitten|parfois|de temps en temps/, 'intermittent'],
  [/ecran/, 'screen display'],
  [/fissur|fendu|felé|fele/, 'cracked'],
  [/casse|brise/, 'broken'],
  [/\btombee?s?\b(?! en panne)/, 'dropped'],
  [/batterie|pile/, 'battery'],
  [/charg/, 'charging charger'],
  [/cable|fil electrique|cordon/, 'cable cord wire'],
  [/\bprise\b/, 'plug'],
  [/fusible/, 'fuse'],
  [/interrupteur|bouton/, 'switch button'],
  [/moteur/, 'motor'],
  [/bruit|bruyant|grince|claque|vibre/, 'noise noisy'],
  [/fuite|fuit|goutte/, 'leak leaking'],
  [/(ne )?chauffe (plus|pas)/, 'not heating no heat'],
  [/refroidi|(fait|produit) (plus|pas) (de )?froid|congele (plus|pas)|(plus|pas) (assez )?froid/, 'not cooling'],
  [/disjonct/, 'trips fuse'],
  [/essor|tambour/, 'not spinning'],
  [/vidang|(se )?vide (plus|pas)|evacu/, 'pump drain'],
  [/\bdesserre|\bbranlant|\bjeu\b/, 'loose'],
  [/surchauffe|trop chaud|brule/, 'overheating burning'],
  [/odeur|sent/, 'smell'],
  [/fumee/, 'smoke'],
  [/etincel/, 'sparks'],
  [/\bson\b|audio/, 'sound'],
  [/haut.parleur|enceinte/, 'speaker'],
  [/\bimage\b|affichage/, 'picture display'],
  [/lent|rame/, 'slow'],
  [/bloque|coince/, 'stuck jammed'],
  [/tourne (plus|pas)/, 'not spinning'],
  [/\beau\b/, 'water'],
  [/pompe/, 'pump'],
  [/\bporte\b|hublot/, 'door'],
  [/courroie/, 'belt'],
  [/roue/, 'wheel'],
  [/ampoule|lumiere|lampe|voyant/, 'light bulb lamp'],
  [/clavier/, 'keyboard'],
  [/souris/, 'mouse'],
  [/micro\b|microphone/, 'microphone'],
  [/aiguille/, 'needle'],
  [/aspir/, 'suction'],
  [/filtre/, 'filter'],
  [/brosse/, 'brush'],
  [/lame/, 'blade'],
  [/couvercle/, 'lid'],
  [/poignee|manche/, 'handle'],
  [/thermostat/, 'thermostat'],
  [/resistance/, 'heating element'],
  [/logiciel|mise a jour|systeme/, 'software update'],
  [/disque|memoire|stockage/, 'disk memory storage'],
  [/rouill/, 'rust'],
  [/mouill|humid|liquide|renverse/, 'wet liquid spilled'],
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’']/g, "'");

/** The text followed by the English words its French words mean, for the model. */
export function withEnglishGloss(text: string): string {
  const folded = fold(text);
  const extra = GLOSS.filter(([pattern]) => pattern.test(folded)).map(([, words]) => words);
  return extra.length === 0 ? text : `${text} ${extra.join(' ')}`;
}
