/**
 * What a clause speaks of, in a few dozen concepts of home safety, each said in many ways (a French
 * lexicon for smells, fire, smoke, sparks, shocks and water). The classifier
 * (danger-model.ts) reads a concept, and every pair of concepts in one clause, beside the words: a
 * tingle and a tap, water and something plugged in, a swelling and a battery — the combinations a
 * danger is made of, whatever words a writer used. Written from what a danger is, never from the
 * evaluation set's texts. Patterns run on normalised text (contracts' normalizeFr).
 */
export const CONCEPTS: Record<string, RegExp> = {
  smell: /\b(odeurs?|sent\w*|sens|pue\w*|empest\w*|renifl\w*|effluves?|relents?|remugle|ca cocotte)\b/,
  gas: /\b(gaz|butane|propane|gaziniere|bouteilles? de gaz|detendeur|flexible|compteur de gaz|robinet de gaz|brûleurs?|bruleurs?|feux de cuisson)\b/,
  rotten: /\b(oeufs? pourris?|soufre|chou pourri|ail|poubelle|moisi de gaz)\b/,
  hiss: /\b(siffl\w*|chuint\w*|pss\w*|psch\w*|ps+t|bulles?)\b/,
  badFlame:
    /\b(flammes? (jaunes?|orange\w*|rouges?|molles?|qui dansent?|hautes?|sales?)|(jaune|orange) au lieu de (la flamme )?bleue?|suie|traces? noires?|traînees? noires?|trainees? noires?|noirci\w*|fumee noire|refoul\w*|tirage|conduit|ventouse bouchee)\b/,
  coAlarm: /\b(detecteurs? (de |d')?(co|monoxyde)|alarme (co|monoxyde)|monoxyde|ppm|co2?\b)/,
  symptom:
    /\b(mal (de |a la |au )?(tete|crane)|migraines?|nausee\w*|vertiges?|vomi\w*|etourdi\w*|somnolen\w*|malaises?|endormi\w*|pale|palot|barbouill\w*|headache|la tete (qui )?tourne|tete lourde|assomm\w*)\b/,
  fire: /\b(flammes?|feu|incendie|embras\w*|brule\w*|bruler|crame\w*|carbonis\w*|flambe\w*)\b/,
  smoke: /\b(fum\w*|boucane)\b/,
  spark:
    /\b(etincel\w*|arcs?|flash\w*|eclairs?|claqu\w*|pet(e|er|ait)?|detonation|boum|bang|crepit\w*|gresill\w*|bz+|zz+t?|lumiere bleue|lueur)\b/,
  socket:
    /\b(prises?|fiches?|multiprises?|rallonges?|cables?|cordons?|fils?|touret|enrouleur|chargeurs?|interrupteurs?|tableau electrique|disjoncteurs?|adaptateurs?|transfo\w*|alim\w*|bloc secteur|douille)\b/,
  hot: /\b(chaud\w*|chauffe\w*|brulant\w*|fond\w*|fondu\w*|noirci\w*|marron|jauni\w*|deform\w*|ramolli\w*|tiede)\b/,
  exposed:
    /\b(denude\w*|a nu|cuivre|gaine (abimee|fendue|coupee|ouverte)|fils? (visibles?|apparents?)|machouill\w*|ronge\w*|coupe\w* (le |au )?(cable|fil))\b/,
  tingle:
    /\b(piqu\w*|picot\w*|fourmill\w*|decharges?|chataignes?|(coup de|pris le|prends le|prend le|du) jus|courant (passe|dans|qui passe)|electris\w*|electrocut\w*|secousses?|chocs? electriques?|zap\w*)\b/,
  touch:
    /\b(touch\w*|appui\w*|pieds? (mouilles?|nus)|robinet|douche|baignoire|evier|metal|carrosserie|hublot|tambour|poignee|main|mains|doigts?)\b/,
  water:
    /\b(eau|mouill\w*|tremp\w*|inond\w*|flaques?|fuit|fuite|goutt\w*|pluie|pleut|orage|renvers\w*|verre|liquide|humide|bain|noy\w*|submerg\w*)\b/,
  powered: /\b(branche\w*|allum\w*|en charge|charg\w*|en marche|sous tension|tourne\w*|secteur|sur la prise|en route)\b/,
  swell:
    /\b(gonfl\w*|bomb\w*|baill\w*|souleve\w*|grossi\w*|ventre|deform\w*|pousse\w* vers (le haut|l'exterieur|le dehors)|se decoll\w*|enfl\w*)\b/,
  battery:
    /\b(batteries?|accus?|lithium|power ?bank|trottinette|velo electrique|vae|telephone|portable|tablette|ordinateur portable|macbook|vapoteuse|casque|ecouteurs?|montre|drone)\b/,
  bypassVerb:
    /\b(shunt\w*|pont\w*|court-?circuit\w*|bypass\w*|contourn\w*|neutralis\w*|desactiv\w*|supprim\w*|enlev\w*|retir\w*|bloqu\w*|forc\w*|tromp\w*|strapp\w*|vir(er|e))\b/,
  safetyDevice:
    /\b(securites?|thermostats?|pressostats?|verrou\w*|terre|fusibles?|disjoncteurs?|differentiels?|thermocouples?|capteurs?|klixon|soupapes?|limiteurs?|micro-?switch)\b/,
  benignQuestion:
    /\b(ou (trouver|acheter)|quel(le)? (difference|prix|marque|modele)|comment (changer|remplacer|nettoyer|regler|entretenir|detartrer|purger)|combien (coute|de temps)|date limite|piece detachee|pieces detachees)\b/,
  alreadyFine: /\b(tout (va bien|est normal|fonctionne)|rien (qui brule|d'anormal)|c'est passe|ca va mieux maintenant)\b/,
  cooking: /\b(cuisson|gras|graisse|huile|gateau\w*|pain|tartines?|toasts?|fromage|roti|pizza|aliments?|brule au fond|casserole)\b/,
  steam: /\b(vapeur|buee|brume|condensation|panache|degivr\w*|givre)\b/,
  alarm: /\b(alarme|detecteur|sonne\w*|bip\w*|sirene|retenti\w*)\b/,
  child: /\b(enfant|fils|fille|bebe|neveu|niece|petit|gamin|chat|chien)\b/,
};
const NAMES = Object.keys(CONCEPTS);

/** The concepts a clause speaks of, as features: each one, and each pair (in name order). */
export function conceptFeatures(clause: string, negated: (index: number) => boolean): string[] {
  const found: string[] = [];
  for (const name of NAMES) {
    const match = CONCEPTS[name]!.exec(clause);
    // A concept denied where it is said (« pas d'odeur ») is a concept of its own.
    if (match) found.push(negated(match.index) ? `not-${name}` : name);
  }
  const out = found.map((c) => `k:${c}`);
  for (let i = 0; i < found.length; i++) for (let j = i + 1; j < found.length; j++) out.push(`kk:${found[i]}+${found[j]}`);
  return out;
}
