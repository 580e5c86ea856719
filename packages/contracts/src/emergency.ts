import { z } from 'zod';
import { foldFr, normalizeFr } from './normalize.ts';
import { GAS_SAFETY } from './gas-safety.ts';

/**
 * Situations where the repair assistant gives no diagnosis and no do-it-yourself step, only what to do
 * now: the danger first. The texts are fixed and reviewed; they live here once, for the server's answer and
 * for the chat, which shows them before any call. The optional language model never rewrites them.
 *
 * Sources of the numbers and of the instructions (checked on 2026-11-23):
 * - Gas smell or leak: the number and the instructions are `GAS_SAFETY` (gas-safety.ts, its sources
 *   read on 2026-11-28), shared with the FAQ, the fault sheets and the maintenance tutorials.
 * - 15 SAMU, 17 police, 18 pompiers, 112 European emergency number, 114 by SMS, fax or app for deaf,
 *   hard-of-hearing or speech-impaired people: service-public.fr, « Numéros d'urgence »
 *   (https://www.service-public.fr/particuliers/vosdroits/F33954) and https://www.urgence114.fr/.
 * - Carbon monoxide (air, stop combustion appliances, leave, call 15 / 18 / 112 / 114, go back only
 *   after a professional's check): Santé publique France and the ministry of health,
 *   https://www.pour-les-personnes-agees.gouv.fr/actualites/reduire-les-risques-d-intoxication-au-monoxyde-de-carbone
 * - Fire in the home (leave, close the doors, call 18 from outside, never water on an oil or
 *   electrical fire, cover a pan): sapeurs-pompiers' advice relayed by the ministry of the interior,
 *   https://www.interieur.gouv.fr/ (« Incendie domestique : les bons réflexes »).
 * - Electrocution (cut the power before touching the victim, call 15 or 112 even if they seem well):
 *   INRS and the French Red Cross first-aid guidance, https://www.croix-rouge.fr/.
 * - Swollen lithium batteries (stop using and charging, keep away from anything that burns, never
 *   puncture, take to a collection point): ADEME, https://longuevieauxobjets.gouv.fr/ and
 *   https://www.ecologie.gouv.fr/ (piles et accumulateurs).
 */

export const EMERGENCY_KINDS = ['gaz', 'monoxyde', 'incendie', 'electrocution', 'eau', 'electrique', 'batterie', 'fumee'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];

export const EmergencyNumber = z.object({ libelle: z.string(), numero: z.string() });
export type EmergencyNumber = z.infer<typeof EmergencyNumber>;

/** API.md "Assistant answers that are not a diagnosis": an emergency. */
export const Urgence = z.object({
  type: z.enum(EMERGENCY_KINDS),
  titre: z.string(),
  consignes: z.array(z.string()),
  numeros: z.array(EmergencyNumber),
});
export type Urgence = z.infer<typeof Urgence>;

/** API.md "Assistant answers that are not a diagnosis": no sheet for this problem. */
export const AucuneFiche = z.object({ message: z.string(), suggestions: z.array(z.string()) });
export type AucuneFiche = z.infer<typeof AucuneFiche>;

const N = {
  gaz: GAS_SAFETY.numero,
  pompiers: { libelle: 'Sapeurs-pompiers', numero: '18' },
  samu: { libelle: 'SAMU (urgence médicale)', numero: '15' },
  europe: { libelle: 'Numéro d’urgence européen', numero: '112' },
  sms: { libelle: 'Urgences par SMS (personnes sourdes, malentendantes ou qui ne peuvent pas parler)', numero: '114' },
} satisfies Record<string, EmergencyNumber>;

const NO_REPAIR = 'Aucune réparation à faire toi-même dans cette situation : suis d’abord ces consignes.';

/** The reviewed texts, one per situation (tu: the assistant's voice, UI.md). */
export const EMERGENCIES: Record<EmergencyKind, Urgence> = {
  gaz: {
    type: 'gaz',
    titre: 'Odeur ou fuite de gaz : mets-toi en sécurité maintenant',
    consignes: [...GAS_SAFETY.consignes],
    numeros: [N.gaz, N.pompiers, N.europe, N.sms],
  },
  monoxyde: {
    type: 'monoxyde',
    titre: 'Risque d’intoxication au monoxyde de carbone',
    consignes: [
      'Ouvre immédiatement les portes et les fenêtres.',
      'Arrête si possible les appareils à combustion : chaudière, chauffe-eau ou cuisinière à gaz, poêle, chauffage d’appoint.',
      'Sors du logement avec tout le monde, animaux compris.',
      'Appelle les secours depuis l’extérieur : le 15 si quelqu’un a mal à la tête, des nausées, des vertiges ou se sent mal, sinon le 18 ou le 112 ; le 114 par SMS.',
      'Le monoxyde de carbone ne se voit pas et ne se sent pas : ne rentre pas avant l’avis d’un professionnel, même si tu ne sens rien.',
      'Fais vérifier l’appareil et son conduit par un professionnel qualifié avant de les réutiliser.',
    ],
    numeros: [N.samu, N.pompiers, N.europe, N.sms],
  },
  incendie: {
    type: 'incendie',
    titre: 'Feu ou alarme incendie : protège-toi d’abord',
    consignes: [
      'Si le feu a pris ou si la fumée envahit la pièce : sors tout de suite avec tout le monde, ferme les portes derrière toi et appelle le 18 ou le 112 une fois dehors.',
      'Flammes dans un four, un micro-ondes ou un grille-pain : laisse la porte fermée et coupe le courant (prise ou disjoncteur) si tu peux le faire sans t’approcher des flammes.',
      'Poêle ou friteuse en feu : coupe la cuisson et couvre avec un couvercle ou un linge humide. Jamais d’eau sur de l’huile ou sur un appareil électrique.',
      'Si le détecteur de fumée sonne : regarde sans t’exposer s’il y a de la fumée ou une odeur de brûlé ; dans le doute, sors et appelle le 18.',
      'Ne prends pas l’ascenseur. Si la fumée bloque la sortie : reste dans une pièce porte fermée, bouche le bas de la porte avec un linge mouillé et signale-toi à la fenêtre.',
      'Ne remets pas l’appareil en marche : il doit d’abord être contrôlé par un professionnel.',
    ],
    numeros: [N.pompiers, N.europe, N.sms],
  },
  electrocution: {
    type: 'electrocution',
    titre: 'Décharge électrique : danger',
    consignes: [
      'Si quelqu’un touche encore l’appareil ou le câble : ne le touche pas, coupe d’abord le courant au disjoncteur général.',
      'Appelle le 15 ou le 112, même si la personne semble aller bien : une électrisation peut avoir des effets retardés, sur le cœur notamment.',
      'Ne réutilise plus l’appareil et laisse son disjoncteur coupé.',
      'Un picotement quand on touche un appareil signale un défaut d’isolement ou de terre : fais contrôler l’appareil par un réparateur et l’installation par un électricien.',
    ],
    numeros: [N.samu, N.europe, N.pompiers, N.sms],
  },
  eau: {
    type: 'eau',
    titre: 'Eau et électricité : coupe le courant avant tout',
    consignes: [
      'Ne touche ni l’appareil ni l’eau autour, surtout pieds nus ou les mains mouillées.',
      'Coupe le courant au disjoncteur général du tableau électrique. Si le tableau est mouillé ou si tu dois marcher dans l’eau pour y aller, n’y va pas : appelle le 18.',
      'Ferme le robinet d’arrivée d’eau de l’appareil ou du logement.',
      'Une fois le courant coupé seulement, débranche l’appareil. Ne l’allume pas et ne le recharge pas, même s’il semble sec.',
      'Fais-le contrôler par un réparateur avant de le remettre en service.',
    ],
    numeros: [N.pompiers, N.europe, N.sms],
  },
  electrique: {
    type: 'electrique',
    titre: 'Étincelles ou prise qui chauffe : coupe le courant',
    consignes: [
      'Ne touche ni l’appareil, ni la prise, ni le câble.',
      'Coupe le courant au disjoncteur de ce circuit ou au disjoncteur général du tableau électrique.',
      'Ne rebranche pas l’appareil et n’utilise plus cette prise ni cette rallonge.',
      'S’il y a de la fumée ou des flammes : sors et appelle le 18 ou le 112. Jamais d’eau sur un appareil électrique.',
      'Fais vérifier l’appareil par un réparateur et la prise ou l’installation par un électricien.',
    ],
    numeros: [N.pompiers, N.europe, N.sms],
  },
  batterie: {
    type: 'batterie',
    titre: 'Batterie gonflée ou brûlante : risque d’incendie',
    consignes: [
      'Arrête de l’utiliser et débranche le chargeur.',
      'Ne la recharge plus, ne la perce pas, ne l’écrase pas et n’essaie pas de la retirer si elle est gonflée ou collée.',
      'Pose l’appareil loin de tout ce qui brûle, sur une surface qui ne brûle pas (carrelage, évier vide, sol minéral dehors), et surveille-le.',
      'S’il fume, siffle, crépite ou s’enflamme : sors de la pièce, ferme la porte et appelle le 18 ou le 112.',
      'Fais remplacer la batterie par un réparateur. Une batterie usagée se dépose dans un point de collecte, jamais à la poubelle.',
    ],
    numeros: [N.pompiers, N.europe, N.sms],
  },
  fumee: {
    type: 'fumee',
    titre: 'Fumée ou odeur de brûlé : arrête l’appareil',
    consignes: [
      'Arrête l’appareil et coupe son alimentation : débranche-le si la prise est accessible et ne chauffe pas, sinon coupe son disjoncteur au tableau électrique.',
      'Ne touche pas l’appareil s’il est brûlant. N’ouvre pas un four ou un micro-ondes qui fume : laisse la porte fermée.',
      'Éloigne ce qui peut brûler et aère la pièce.',
      'Si des flammes apparaissent ou si la fumée s’épaissit : sors, ferme la porte et appelle le 18 ou le 112.',
      'Ne le rallume pas pour voir : fais-le contrôler par un réparateur avant toute nouvelle utilisation.',
    ],
    numeros: [N.pompiers, N.europe, N.sms],
  },
};

/** The PRECAUTION of an emergency answer (its summary carries no cause and no step). */
export const EMERGENCY_PRECAUTION = NO_REPAIR;

/** The chat's text for an emergency: the title, then the instructions, then the numbers. */
export function emergencyText(u: Urgence): string {
  return [
    `⚠ ${u.titre}`,
    ...u.consignes.map((c, i) => `${i + 1}. ${c}`),
    `Numéros : ${u.numeros.map((n) => `${n.numero} (${n.libelle})`).join(' ; ')}.`,
    NO_REPAIR,
  ].join('\n');
}

/** No sheet for this problem (abstention, no guess): say so plainly and offer the way out. */
export function noSheet(device: string | null, why: 'no-match' | 'other-device' | 'no-device' = 'no-match'): AucuneFiche {
  const on = device ? ` pour ton appareil (${device})` : '';
  const messages = {
    'no-match': `Je n’ai pas de fiche${on} qui corresponde à ce problème, et je préfère ne pas deviner.`,
    'other-device': `Cette conversation porte sur ton appareil (${device}) et ta description semble parler d’un autre appareil : je ne veux pas te répondre à côté. Ouvre l’assistant depuis la fiche de cet autre appareil, ou décris la panne de celui-ci.`,
    'no-device': 'Dis-moi de quel appareil il s’agit (par exemple « mon lave-linge… ») : sans le savoir, je préfère ne pas deviner.',
  };
  return {
    message: messages[why],
    suggestions: [
      'Trouver un réparateur près de chez toi (carte des réparateurs, bonus réparation)',
      'Décrire la panne autrement : ce que fait l’appareil, un bruit, une odeur, un voyant ou un code d’erreur',
      'Contacter le service après-vente du fabricant (numéro sur la notice ou la facture), surtout si l’appareil est encore sous garantie',
    ],
  };
}

export function noSheetText(a: AucuneFiche): string {
  return [a.message, 'Tu peux :', ...a.suggestions.map((s) => `• ${s}`)].join('\n');
}

// ——— Detection ———————————————————————————————————————————————————————————————————————————————

/** A match right after one of these words is denied ("pas d'odeur de gaz", "aucune fumée"). */
const NEGATED_BEFORE =
  /(?:\bpas|\baucune?|\bsans|\bni|\bjamais|\bplus|\bzero|\brien ne|\brien n'(?:est|a|y a)|\bpersonne n'a|\bpersonne ne|\bn'est ni)\s*(?:d'|de |du |des |la |le |les |l')?\s*$/;
/** …or is asked and denied at once (« odeur de gaz ? non, aucune »). */
const DENIED_AFTER = /^\s*\?\s*(non\b|aucune?\b|pas du tout\b|que dalle\b)/;
/** …or has a negation inside it ("ça ne sent pas le gaz"). */
const NEGATED_INSIDE = /\b(pas|plus|jamais|aucune?|rien)\b/;

interface Rule {
  kind: EmergencyKind;
  pattern: RegExp;
  /** The match does not count when the whole text also matches this (a benign, well-known case). */
  unless?: RegExp;
  /** The match counts only when the whole text (with the chat's device) also matches this. */
  within?: RegExp;
}

/** Where a flame belongs: a gas appliance (named, or by its maker) or its pilot flame. */
const GAS_APPLIANCE =
  /\b(gaz|gaziniere|gazi|bruleurs?|chaudiere|chauffe-bain|veilleuse|thermocouple|butane|propane|cuisiniere|feux|plaques?|plaques? de cuisson|table de cuisson|casseroles?|flamme bleue|petite flamme bleue|chaffoteaux|saunier duval|frisquet|elm leblanc|vaillant|viessmann|de dietrich|geminox)\b/;
/** Cues that a fire, smoke or smell is electrical or plastic, which no benign context excuses. */
const ELECTRICAL_CUE =
  /\b(plastique|caoutchouc|electrique|electricite|cables?|fils?|prises?|fiches?|moteur|etincel\w*|fondu\w*|bandeau|tableau de commande|carte electronique|transfo\w*|alimentation|disjonct\w*)\b/;
/** Cooking residues or a first use: smoke from an oven, toaster or fryer that is not a fault of the appliance. */
const COOKING_CUE =
  /\b(graisses?|gras|graillon|rotis?|huile|residus?|aliments?|nourriture|miettes?|premiere (utilisation|fois|chauffe|cuisson)|neuf|neuve|debord\w*|jus de cuisson|salissures?|sale|encrass\w*)\b/;
const COOKING_DEVICE =
  /\b(rotis?|four|mini-four|cuisiniere|plaques?|plaque de cuisson|grille-pain|friteuse|raclette|appareil a raclette|gaufrier|plancha|barbecue|table de cuisson)\b/;
/** A hood is there for cooking smoke: its « fumée » is the cooking's unless something burns. */
const HOOD = /\bhottes?\b/;
/** What carbon monoxide does to people, and what gives it off in a home. */
const CO_SYMPTOM =
  /\b(maux de tete|mal (a la|de|au) (tete|crane)|migraines?|nausees?|vertiges?|envie de vomir|vomi\w*|malaises?|somnolen\w*|evanoui\w*|etourdi\w*|barbouill\w*|la tete (me |nous |lui )?tourne|tete qui tourne)\b/;
const CO_SOURCE =
  /\b(chaudiere|poele|chauffe-bain|chauffe-eau (a |au )?gaz|gaz|gaziniere|gazi|cheminee|insert|brasero|groupe electrogene|chauffage\w*( d'appoint)?|pompe a chaleur)\b/;
/** Smoke from a hood while nothing cooks is the hood's own. */
const NOTHING_COOKING =
  /\b(rien ne cuit|rien (sur|dans) (le feu|la plaque|les plaques)|sans (rien )?cuisiner|sans cuisson|aucune cuisson|plaques? eteintes?|tout est eteint)\b/;
const BURNING_CUE = /\b(brule\w*|cram\w*|roussi|fondu\w*|grille)\b/;
const DUST_CUE = /\b(poussieres?|premiere (mise en route|chauffe|utilisation)|debut de l'hiver|premier allumage|rallum\w* le chauffage)\b/;
const HEATER_DEVICE = /\b(radiateurs?|convecteurs?|chauffage|seche-cheveux|seche-serviettes?|soufflant|chauffage d'appoint)\b/;
const STEAM_CUE =
  /\b(vapeur|buee|brume|degivr\w*|givre\w*|glace|gele|condensation|brouillard|(blanche|blanc) (et |mais )?froide?|froide et mouillee)\b/;
/** A condensing boiler's flue gives off a white plume in the cold: water vapour, outside. */
const STEAM_DEVICE =
  /\b(pompe a chaleur|pac|clim\w*|fer|centrale|nettoyeur vapeur|defroisseur|humidificateur|brumisateur|unite exterieure|groupe exterieur|chaudiere a condensation|ventouse)\b/;
const SMOKE_ALARM = /\b(detecteurs?|alarmes?|avertisseurs?|daaf|capteurs?)( de| d'| a| incendie)? ?(fumee|incendie)\b|\bdaaf\b/;
/** Appliances whose job is to heat: a smell of hot is what they do. */
const HEATING_JOB =
  /\b(seche-cheveux|sechoir|radiateurs?|convecteurs?|chauffage|seche-serviettes?|four|mini-four|fer|centrale|grille-pain|toaster|lisseur|fer a lisser|boucleur|bouilloire|seche-linge|friteuse|raclette|gaufrier|plancha|cuisiniere|plaques?|appareil a raclette)\b/;
/**
 * A small battery device that took water and has already been made safe (taken out of the water,
 * switched off, unplugged): what is left is its sheet (dry it, do not charge it), not an alarm.
 * Charging, a plug, heat, smoke, sparks or a swollen battery keep the alarm (the battery rule has its own).
 */
const AFTERMATH =
  /^(?=.*\b(debranch\w*|eteint\w*|sorti\w*|repech\w*|recupere\w*|riz|seche\w*|retourn\w*|enleve la batterie|retire la batterie)\b)(?=.*\b(telephone|tel|portable|smartphone|iphone|samsung|xiaomi|pc portable|ordinateur portable|laptop|macbook|tablette|ipad|montre|ecouteurs|airpods|appareil photo|telecommande|clavier|liseuse|kindle|enceinte)\b)(?!.*\b(en charge|charg\w*|sur secteur|branche|prises?|fum\w*|chaud\w*|gonfl\w*|etincel\w*)\b)/;

/** Devices that run on a lithium battery: their swelling or a burning heat while charging is the battery's. */
const BATTERY_DEVICE =
  /\b(telephone|portable|smartphone|iphone|tel|tablette|ipad|pc portable|ordinateur portable|laptop|macbook|trottinette|trott|velo electrique|vae|hoverboard|gyropode|power ?bank|batterie externe|montre|ecouteurs|airpods|console portable|switch|perceuse|visseuse|aspirateur balai|vapoteuse|cigarette electronique)\b/;

const RULES: Rule[] = [
  // Gas: a smell, a leak or a hiss.
  // « gas » is how some type it (« sa sent le gas »).
  { kind: 'gaz', pattern: /\b(odeurs?|relents?|senteurs?)\s+(?:\w+\s+)?(?:de |du |d')\s*(?:gaz|gas|butane|propane)\b/ },
  {
    kind: 'gaz',
    pattern: /\b(sent|sens|sentent|sentait|sentir|senti|pue|puent|puait|empeste\w*|renifl\w*)\b[^.!?;]{0,25}?\b(gaz|gas|butane|propane)\b/,
  },
  { kind: 'gaz', pattern: /\bfuites?\s+(?:de |du |d')?\s*(?:gaz|butane|propane)\b/ },
  { kind: 'gaz', pattern: /\b(gaz|butane|propane)\b\s+(?:qui\s+)?(fuit|fuite|s'echappe|siffle|sort|s'ecoule)\b/ },
  {
    kind: 'gaz',
    pattern:
      /\bsiffl\w*[^.!?;]{0,50}?\b(gaz|compteur de gaz|flexible|tuyau de gaz|bouteille)\b|\b(gaz|compteur de gaz|flexible de gaz|tuyau de gaz|bouteille de gaz)\b[^.!?;]{0,30}?\bsiffl\w*/,
  },
  {
    kind: 'gaz',
    pattern:
      /\b(bouteilles? de gaz|bouteilles?|butane|propane|detendeur|flexible|compteur de gaz|robinet de gaz|tuyau de gaz|gazi\w*|cuisiniere (a |au )?gaz|plaques? (a |au )?gaz)\b[^.!?;]{0,40}?\b(pschi+t+|psch+\w*|psh+\w*|ps{2,}\w*|pst+|chuint\w*|siffl\w*|sent fort|sent bizarre|sent mauvais|odeur\w*|fuit|fuite)\b|\b(pschi+t+|psch+\w*|psh+\w*|ps{2,}\w*|chuint\w*)\b[^.!?;]{0,40}?\b(bouteilles?|butane|propane|detendeur|flexible|gaz\w*|robinet|odeur\w*|tuyau|cuisiniere|compteur)\b/,
  },
  // « Ça sent fort » about a gas appliance: a gas smell until a professional says otherwise.
  {
    kind: 'gaz',
    pattern: /\b(ca |il |elle )?(sent|pue)\s+(fort|bizarre|drole|mauvais)\b/,
    within: /\b(gaz|gaziniere|gazi|chaudiere|chauffe-bain)\b|\((cuisiniere|chaudiere)\)$/,
  },
  {
    kind: 'gaz',
    pattern: /\boeufs? pourris?\b/,
    unless:
      /\b(lave[- ]vaisselle|lave[- ]linge|machine a laver|tambour|frigo|refrigerateur|evier|siphon|canalisations?|eau chaude|chauffe-eau|ballon|robinet|douche|bac)\b/,
  },
  // A combustion appliance that smells (a boiler in lock-out "qui sent bizarre").
  {
    kind: 'gaz',
    pattern:
      /\b(chaudiere|gaziniere|gazi|chauffe-bain|cuisiniere (a |au )?gaz|plaques? (a |au )?gaz)\b[^.!?;]{0,50}?\b(odeurs?|sent\w*|pue\w*)\b|\b(odeurs?|sent\w*|pue\w*)\b[^.!?;]{0,50}?\b(chaudiere|gaziniere|gazi|chauffe-bain)\b/,
    unless: /\b(brule|poussiere)\b(?![^.!?;]*(gaz|oeuf))/,
  },
  // Carbon monoxide: an alarm or symptoms near a combustion appliance.
  // A CO detector named in a question about the rules or the purchase (« c'est obligatoire ? ») is no alarm, unless something rings.
  {
    kind: 'monoxyde',
    pattern:
      /\b(detecteurs?|alarmes?|capteurs?)\s+(?:de |d'|a |au )?\s*(co|monoxyde)\b|\b(monoxyde|co)\b[^.!?;]{0,40}?\b(sonne\w*|bip\w*|alarme|declench\w*|hurle\w*|retenti\w*|sirene|clignot\w*)|\b(sonne\w*|bip\w*|hurle\w*|retenti\w*|clignot\w*|affiche\w*)\b[^.!?;]{0,40}?\b(co|monoxyde)\b/,
    unless:
      /^(?!.*\b(sonne\w*|bip\w*|declench\w*|hurle\w*|retenti\w*|sirene|clignot\w*|en alarme|alarme (s'est|a)|mal|maux|nausee\w*|vertige\w*|malaise)\b)(?=.*\b(obligatoire\w*|acheter|achat|installer|ou (le |la )?(placer|mettre|poser)|quel modele|loi|location|locataire|proprietaire|bailleur|normes?|prix)\b)|^(?!.*\b(monoxyde|detecteurs?|capteurs?|chaudiere|poele|chauffe-eau|chauffe-bain|cheminee|insert)\b)(?=.*\b(se|me|te|s'|m') ?(co|reco|deco)\b)/,
  },
  { kind: 'monoxyde', pattern: /\b(intoxi\w*|empoisonn\w*)\b|\bmonoxyde\b[^.!?;]{0,40}?\b(mal|maux|nausee\w*|malaise|vertige\w*)/ },
  {
    kind: 'monoxyde',
    pattern: new RegExp(`${CO_SYMPTOM.source}[\\s\\S]{0,80}?${CO_SOURCE.source}|${CO_SOURCE.source}[\\s\\S]{0,80}?${CO_SYMPTOM.source}`),
  },
  // Incomplete combustion: yellow or orange flames, or soot, on a gas appliance (a wood fire's flames are yellow by nature).
  {
    kind: 'monoxyde',
    pattern:
      /\bflammes?\b[^.!?;]{0,30}?\b(jaunes?|orange\w*|rouges?)\b|\b(jaunes?|orange\w*)\b[^.!?;]{0,15}?\bflammes?\b|\b(suie|traces? noires?|trainees? noires?|noirci\w*)\b/,
    within:
      /\b(gaz|gaziniere|chaudiere|chauffe-eau|chauffe-bain|bruleurs?|feux|plaques?|cuisiniere)\b|\((chaudiere|cuisiniere|chauffe-eau|plaque de cuisson)\)$/,
    unless: /\b(bois|granules?|insert|cheminee|bougies?|barbecue|allumettes?|induction)\b/,
  },
  // The same symptoms in a chat about a combustion appliance, which the text need not name.
  { kind: 'monoxyde', pattern: CO_SYMPTOM, within: /\((chaudiere|cuisiniere|chauffe-eau)\)$/ },
  // Fire, flames, smoke alarm.
  {
    kind: 'incendie',
    pattern:
      /(?<!\b(?:detecteurs?|alarmes?|avertisseurs?|capteurs?|daaf|sirenes?) (?:de |d'|a |anti-?)?)\b(incendies?|en feu|(prend|pris|prendre|a pris|prenait) feu|depart de feu|debut d'incendie|flambe\w*|s'enflamm\w*|enflamm\w*|embras\w*)\b/,
  },
  // The flames of a gas appliance are its sheet's; those of a decorative electric fireplace are light.
  {
    kind: 'incendie',
    pattern: /\bflammes?\b/,
    unless: new RegExp(
      `${GAS_APPLIANCE.source}|\\bflammes? (lumineuses?|led|decorative\\w*|artificielles?)\\b|\\bcheminee electrique\\b|\\b(insert|poele a bois|feu de bois|cheminee|bougies?|barbecue)\\b`,
    ),
  },
  {
    kind: 'incendie',
    pattern: /\b(y a|ya|il y a) du feu\b|\bdu feu (dans|qui sort)\b|\ble feu (a pris|s'est (declare|propage)|se propage)\b/,
  },
  // Something of the home catching fire, said without « feu »: « la couette a commencé à brûler ».
  // Fabric an iron scorches (linge, vêtement, drap) is left to its sheet.
  {
    kind: 'incendie',
    pattern:
      /\b(couettes?|rideaux?|tapis|canape|matelas|nappes?|torchons?|papiers?|cartons?|oreillers?|coussins?|moquette|lit|meubles?|plan de travail)\b[^.!?;]{0,40}?\b((a |commence\w* a |se met a |s'est mis\w* a )?brul(e|ait|er|ent)|cram\w*|carbonis\w*)\b/,
  },
  {
    kind: 'incendie',
    pattern:
      /\bflammes?\b[^.!?;]{0,30}?\b(sort\w*|jaill\w*|derriere|sous|partout|boitier|flexible|tuyau|compteur|dehors|hors|lech\w*|immenses?|enormes?|hautes?)\b/,
  },
  {
    kind: 'incendie',
    pattern: new RegExp(
      `(?:${SMOKE_ALARM.source})[^.!?;]{0,40}?\\b(sonne\\w*|hurle\\w*|declench\\w*|retenti\\w*|sirene|alarme|strident\\w*|en continu|s'est mis a sonner)\\b`,
    ),
    unless:
      /\b(sans raison|pour rien|sans fumee|tout seul|toute seule|fausses? (alarmes?|alertes?)|intempesti\w*|en cuisinant|quand je cuisine|la cuisson|vapeur|douche|poussiere|insecte|piles?|batterie)\b/,
  },
  // Electrocution.
  {
    kind: 'electrocution',
    pattern:
      /\b(electrocut\w*|electris\w*|decharges? electriques?|coup de jus|chataignes?|je prends? (le|du) (courant|jus)|pris (le|du) jus|(j'ai|on a|il a|elle a) pris (le|du) courant)\b|\b(pris|prends|prend|recu|reçu) (une|un|des) (decharges?|jus|chataignes?|coups? de jus)\b|\b(sens|senti|sent|ressens|ressenti)\b (du|le|un|une|des) (courant|jus|decharges?)\b|\bdecharges?\b[^.!?;]{0,30}?\b(bras|main|mains|doigts?|corps|coude|epaule)\b|\bcourant\b[^.!?;]{0,15}?\b(dans|sur) (la main|les mains|les doigts|le bras|la peau)\b/,
  },
  // « Elle me met des petites décharges quand je touche le hublot »: a shock, not a battery running down (« se décharge »).
  {
    kind: 'electrocution',
    pattern:
      /\b(une|des|de|petites?) decharges?\b[^.!?;]{0,40}?\b(touche\w*|toucher|touchant|contact)\b|\b(touche|toucher|touchant)\b[^.!?;]{0,40}?\b(une|des|de|petites?) decharges?\b/,
  },
  {
    kind: 'electrocution',
    pattern:
      /\b(pique\w*|picot\w*|fourmill\w*)\b[^.!?;]{0,40}?\b(touche|toucher|touchant)\b|\b(touche|toucher|touchant)\b[^.!?;]{0,30}?\b(pique|picote|picotent|fourmille|courant passe|decharge)\b/,
  },
  // Water on or in an electrical appliance.
  {
    kind: 'eau',
    pattern:
      /\b(tombe\w*|plonge\w*|noye\w*|immerge\w*|baigne\w*)\b[^.!?;]{0,25}?\b(dans l'eau|a l'eau|dans la baignoire|dans le bain|dans l'evier|dans les toilettes|dans la piscine|dans une flaque)\b/,
    unless: AFTERMATH,
  },
  {
    kind: 'eau',
    pattern:
      /\b(renvers\w*|verse\w*|tombe\w*|coule\w*)\b[^.!?;]{0,30}?\b(eau|cafe|the|liquide|soda|coca|vin|biere|jus|lait|boisson|verre)\b[^.!?;]{0,25}?\b(sur|dans)\b|\b(eau|cafe|the|liquide|soda|coca|vin|biere|jus|lait|boisson)\b[^.!?;]{0,20}?\b(renvers\w*|verse\w*|tombe\w*)\b[^.!?;]{0,15}?\b(sur|dans|dedans|dessus)\b/,
    unless: new RegExp(
      `\\b(tambour|cuve|bac|reservoir|verseuse|filtre|evier|sol|tasse|bol)\\b[^.!?;]*$|\\b(huil\\w*|grais\\w*|laisse couler)\\b|${AFTERMATH.source}`,
    ),
  },
  {
    kind: 'eau',
    pattern:
      /\b(prises?|multiprises?|rallonges?|tableau electrique|disjoncteurs?|compteur electrique|boitier electrique|cable electrique)\b[^.!?;]{0,30}?\b(mouill\w*|humide|dans l'eau|inond\w*|tremp\w*|eau(?! chaude))\b|\b(eau|inond\w*|mouill\w*)\b[^.!?;]{0,25}?\b(dans|sur|pres de|autour de|jusqu'a|jusqu'aux?|vers|sous) (la |les |le |une )?(prises?|multiprises?|rallonges?|tableau electrique|disjoncteurs?)\b/,
  },
  // Rain or a leak from above onto a plugged-in appliance (« il pleut dans le garage et l'eau ruisselle sur le congélateur »).
  {
    kind: 'eau',
    pattern:
      /\b(pleut|pluie|plafond|toit|infiltration\w*|voisins? du dessus)\b[^.!?;]{0,80}?\b(coul\w*|goutt\w*|tomb\w*|ruissel\w*|degouline\w*|suinte\w*|fuit)\b[^.!?;]{0,20}?\b(sur|dans|dedans|dessus)\b/,
    within:
      /\b(branche\w*|electrique\w*|prises?|congelateur|congel|frigo|refrigerateur|lave-linge|seche-linge|machine|four|micro-ondes|box|tele|televiseur|ordinateur|pc|radiateur|chauffe-eau|cumulus|ballon|tableau|compteur)\b/,
  },
  // A flood, unless it is the insurance question or a steam mop's wet floor.
  {
    kind: 'eau',
    pattern:
      /\b(inond\w*|degat des eaux|\d+ ?(cm|centimetres?) d'eau (par terre|au sol|partout|dans (la |le |l')?(cuisine|piece|salle de bain|salle d'eau|garage|cave|sous-sol|entree|salon|buanderie|appartement|maison|chambre)))\b/,
    unless: /\b(assurance\w*|assureur\w*|constat|rembours\w*|franchise|indemni\w*|nettoyeur vapeur|balai vapeur)\b/,
  },
  // Left in the rain, or standing in water, while plugged in.
  {
    kind: 'eau',
    pattern: /\b(sous la pluie|pris la pluie|pris l'eau|sous l'orage|baigne\w*|les pieds dans l'eau)\b/,
    within: /\b(branche\w*|sur secteur|en charge|sur la prise)\b/,
    unless: AFTERMATH,
  },
  // Water running or dripping onto something electrical ("l'eau coule du plafond sur la box").
  {
    kind: 'eau',
    pattern:
      /\b(eau|fuite|infiltration|gouttes?)\b[^.!?;]{0,30}?\b(coul\w*|goutt\w*|tomb\w*|ruissel\w*|fuit|degouline\w*|suinte\w*)\b[^.!?;]{0,40}?\b(sur|dans|dedans|dessus)\b[^.!?;]{0,40}?\b(prises?|multiprises?|rallonges?|box|tableau electrique|disjoncteurs?|compteur electrique|televiseur|television|tele|tv|ordinateur|pc|chargeur|plafonnier|lustre|spots?|luminaire|cables? electriques?|boitier electrique|capot electrique|partie electrique)\b/,
  },
  // « De l'eau a coulé dans le boîtier du chauffe-eau, là où arrivent les fils. »
  {
    kind: 'eau',
    pattern:
      /\b(eau|fuite|gouttes?)\b[^.!?;]{0,30}?\b(coul\w*|goutt\w*|tomb\w*|ruissel\w*|rentr\w*|entr(e|ee|ait|er)|infiltr\w*)\b[^.!?;]{0,60}?\b(fils electriques?|les fils|cables? electriques?|branchements? electriques?|bornier|connexions? electriques?)\b/,
  },
  // A heating circuit's water (« remettre de l'eau dans le circuit » at low pressure) is not an electronic circuit's.
  {
    kind: 'eau',
    pattern:
      /\beau\b[^.!?;]{0,20}?\b(dans|sur|dedans)\b[^.!?;]{0,15}?\b(moteur|bloc d'alimentation|alimentation|carte electronique|circuit|bandeau|tableau de commande|programmateur|clavier|chargeur|port de charge|boitier electrique)\b/,
    unless: /\b(pression|bars?|remett\w* (de )?l'eau|remplissage|circuit (de |du )?chauffage)\b/,
  },
  // Lithium battery swollen, hot, smoking.
  {
    kind: 'batterie',
    pattern:
      /\b(batteries?|accus?|accumulateurs?|piles? lithium|power ?bank|batterie externe)\b[^.!?;]{0,50}?\b(gonfl\w*|bomb\w*|deform\w*|enfl\w*|double de volume|grossi\w*|brulant\w*|chaud\w*|chauffe\w*|fum\w*|siffl\w*|explos\w*|crepit\w*|fondu\w*)\b|\b(gonfl\w*|bomb\w*|deform\w*|brulant\w*|explos\w*)\b[^.!?;]{0,20}?\b(batteries?|accus?)\b|\b(chauffe(?!-)\w*|fume\w*|crepit\w*)\b[^.!?;]{0,30}?\b(au niveau|cote|vers|du cote|sous|pres) (de la |des |du )?(batteries?|accus?)\b/,
  },
  // Said of the device itself (« il gonfle », « il devient brûlant en charge »), on a device that runs on a battery.
  {
    kind: 'batterie',
    pattern: /\b(gonfl\w*|bombe\w*|deform\w*)\b|\bbrulant\w*\b[^.!?;]{0,30}?\ben charge\b|\ben charge\b[^.!?;]{0,30}?\bbrulant\w*/,
    within: BATTERY_DEVICE,
    unless: /\b(pneus?|chambres? a air|roues?|airbag|coussin)\b/,
  },
  {
    kind: 'batterie',
    pattern:
      /\b(ecran|coque|dos|capot|clavier|trackpad|pave tactile|boitier)\b[^.!?;]{0,30}?\b(se souleve|souleve\w*|bomb\w*|gonfl\w*|se decolle\w*|pousse vers l'exterieur)\b/,
  },
  // Sparks, arcs, a plug or cable that burns.
  // A gas hob's igniter sparks by design: its « clic clic » is the igniter's sheet, unless something electrical is named.
  {
    kind: 'electrique',
    pattern:
      /\betincel\w*|\bflammeche\w*|\bflash bleu\b|\b(eclairs?|flashs?|lueurs? bleues?|lumiere bleue)\b[^.!?;]{0,30}?\b(prises?|fiches?|multiprises?|cables?|interrupteurs?)\b|\beclairs? bleus?\b|\b(petits?|gros) eclairs?\b|\beclairs?\b[^.!?;]{0,20}?\b(dans|sur|sort\w*|derriere|sous|au niveau)\b|\beclairs?\b[^.!?;]{0,40}?\b(debranch\w*|branch\w*|clac|bang|boum|claque\w*)\b|\b(debranch\w*|branch\w*)\b[^.!?;]{0,40}?\beclairs?\b/,
    unless:
      /\bfermetures? eclair\b|^(?!.*\b(prises?|fiches?|multiprises?|cables?|fils?|tableau|disjonct\w*|fum\w*|brul(e|ee|es|ent|ait|ure)|odeur\w*|sent\w*|gresill\w*)\b)(?=.*\b(allumeurs?|allumage|bruleurs?|chapeaux?|clic|tic|tac)\b)/,
  },
  // An electric arc; « HDMI ARC » is a TV socket, not a spark.
  { kind: 'electrique', pattern: /\barcs?\b(?!-en-ciel| en ciel)/, unless: /\b(hdmi|e-?arc|arc hdmi)\b/ },
  {
    kind: 'electrique',
    pattern:
      /\b(prises?|fiches?|multiprises?|rallonges?|cables?|cordons?|fils?|interrupteurs?|tableau electrique|chargeurs?|adaptateurs?|transfo\w*|blocs? d'alimentation)\b[^.!?;]{0,45}?\b(fond|fondre|fondu\w*|brule\w*|noirci\w*|chauff\w*|brulant\w*|crepit\w*|gresill\w*|carbonis\w*|grill(e|ee|es|ees)\b(?!-pain)|(est|sont|devenue?s?) (toute? )?noire?s?\b)/,
  },
  {
    kind: 'electrique',
    pattern: /\b(fondu\w*|brule\w*|noirci\w*|carbonis\w*)\b[^.!?;]{0,15}?\b(prises?|fiches?|multiprises?|rallonges?|cables?|cordons?)\b/,
  },
  // Smoke or a burning smell from an appliance.
  {
    kind: 'fumee',
    pattern:
      /(?<!\b(?:detecteurs?|alarmes?|avertisseurs?|capteurs?) (?:de |d'|a )?)\b(fumees?|fume|fument|fumait|fumaient|fumer|enfume\w*)\b/,
    unless: new RegExp(
      `^(?!.*${ELECTRICAL_CUE.source})(?:(?=.*${COOKING_CUE.source})(?=.*${COOKING_DEVICE.source})|(?=.*${STEAM_CUE.source})(?=.*${STEAM_DEVICE.source})|(?=.*${DUST_CUE.source})(?=.*${HEATER_DEVICE.source})|(?=.*${HOOD.source})(?!.*${BURNING_CUE.source})(?!.*${NOTHING_COOKING.source})|(?=.*\\b(ne fumez|fumeurs?|cigarettes?)\\b))`,
    ),
  },
  {
    kind: 'fumee',
    // « une odeur de renfermé, et le caoutchouc… »: a comma ends what smells.
    pattern:
      /\b(odeurs?|sent\w*|pue\w*)\b[^.!?;,]{0,20}?\b(brule\w*|cram\w*|roussi|plastique|caoutchouc|electrique|fondu\w*|grille(?!-pain)\w*)\b|\bca (crame|brule)\b/,
    unless: new RegExp(
      `^(?!.*${ELECTRICAL_CUE.source})(?:(?=.*${COOKING_CUE.source})(?=.*${COOKING_DEVICE.source})|(?=.*${DUST_CUE.source})(?=.*${HEATER_DEVICE.source}))`,
    ),
  },
  // "Ça sent le chaud": overheating, unless heating is the appliance's job (a hair dryer, an iron).
  {
    kind: 'fumee',
    pattern: /\b(odeurs?|sent\w*|pue\w*)\b[^.!?;]{0,20}?\bchaud\b/,
    unless: new RegExp(`^(?!.*${ELECTRICAL_CUE.source})(?!.*\\bbrulant)(?=.*${HEATING_JOB.source})`),
  },
];

function negated(text: string, index: number, match: string): boolean {
  if (NEGATED_BEFORE.test(text.slice(Math.max(0, index - 25), index))) return true;
  if (DENIED_AFTER.test(text.slice(index + match.length, index + match.length + 20))) return true;
  // The danger word that ends a longer match, denied right before it: « le flexible…, aucune odeur ».
  const last = match.match(/[\p{L}-]+$/u);
  if (last && last.index! > 0 && NEGATED_BEFORE.test(match.slice(Math.max(0, last.index! - 25), last.index!))) return true;
  // "ça ne sent pas le gaz": a negation inside the matched words themselves.
  return NEGATED_INSIDE.test(match) && /\bne\b|\bn'/.test(text.slice(Math.max(0, index - 12), index + match.length));
}

/**
 * The emergency a description is about, the most serious first, or null (run before any
 * retrieval, on the question and on every follow-up). It errs on the side of caution: a doubtful
 * description is an emergency, and only well-known benign cases (grease smoke from an oven, dust
 * burning on a radiator's first heating, a heat pump's defrost steam, a smoke alarm's low-battery
 * chirp) are let through to the knowledge base, and never when an electrical or plastic cue is there.
 */
export function detectEmergency(input: string, device?: string | null): EmergencyKind | null {
  const text = normalizeFr(input);
  // The device's name helps recognise a benign case ("il fume" about a hood), never triggers one.
  // "Four électrique" names a device, not an electrical cue.
  const context = device ? `${text} (${foldFr(device).replace(/\belectrique\b/g, '')})` : text;
  let found: EmergencyKind | null = null;
  for (const rule of RULES) {
    const re = new RegExp(rule.pattern.source, 'g');
    for (const m of text.matchAll(re)) {
      if (negated(text, m.index, m[0])) continue;
      if (rule.unless?.test(context)) continue;
      if (rule.within && !rule.within.test(context)) continue;
      if (found === null || EMERGENCY_KINDS.indexOf(rule.kind) < EMERGENCY_KINDS.indexOf(found)) found = rule.kind;
      break;
    }
  }
  return found;
}

export const emergencyFor = (input: string, device?: string | null): Urgence | null => {
  const kind = detectEmergency(input, device);
  return kind ? EMERGENCIES[kind] : null;
};
