/**
 * Everyday words a household types, and the words the knowledge base's sheets use for the same thing
 * (questions written apart from the sheets say « boucan » where a sheet says « bruit »).
 * A question's word adds its sheet words to the search; it never replaces the word itself, and a
 * sheet word matched this way counts for the question's word in the evidence a sheet needs.
 * Only unambiguous pairs: a word with another common sense in appliance talk stays out.
 */
export const SYNONYMS: [said: string[], sheetWords: string[]][] = [
  [
    [
      'boucan',
      'vacarme',
      'raffut',
      'barouf',
      'tintamarre',
      'bourdonne',
      'bourdonnement',
      'vrombit',
      'ronronne',
      'ronronnement',
      'tracteur',
      'résonne',
      'resonne',
    ],
    ['bruit', 'bruyant'],
  ],
  [
    ['grince', 'grincement', 'couine', 'couinement'],
    ['grincement', 'bruit'],
  ],
  [
    ['ramasse', 'ramasser'],
    ['aspire', 'aspiration'],
  ],
  [
    ['lumière', 'lumiere', 'spot', 'spots', 'éclairage', 'eclairage', 'loupiote'],
    ['lampe', 'ampoule', 'éclairage', 'lumière'],
  ],
  [
    ['ampoule', 'lampe'],
    ['lumière', 'éclairage'],
  ],
  [
    ['mort', 'morte', 'hs', 'foutu', 'foutue'],
    ['allume', 'démarre', 'panne'],
  ],
  [['manette'], ['levier', 'bouton']],
  [
    ['clac', 'clic', 'toc', 'tac', 'cloc'],
    ['claquement', 'claque', 'bruit'],
  ],
  [
    ['glouglou', 'glougloute', 'glougloutent', 'gargouille', 'gargouillis'],
    ['bruit', 'air', 'purge'],
  ],
  [
    ['mollement', 'mou', 'molle', 'fatiguée', 'fatiguee', 'faiblard', 'faiblarde'],
    ['faible', 'faiblement'],
  ],
  [
    ['anticalcaire', 'anti-calcaire'],
    ['détartrage', 'détartrer', 'calcaire'],
  ],
  [
    ['alerte', 'alertes'],
    ['message', 'voyant', 'alerte'],
  ],
  [['net'], ['internet', 'connexion']],
  [['assiette'], ['plateau']],
  [['caoutchouc'], ['joint']],
  [['mano', 'manomètre', 'manometre'], ['pression']],
  [
    ['flaque', 'flaques'],
    ['fuite', 'fuit'],
  ],
  [['flotte'], ['eau']],
  [
    ['tient', 'tenait', 'autonomie'],
    ['autonomie', 'batterie', 'décharge'],
  ],
  [['repart', 'redémarre', 'redemarre'], ['démarre']],
  [
    [
      'vérifiée',
      'verifiee',
      'vérifier',
      'verifier',
      'vérification',
      'verification',
      'révision',
      'revision',
      'contrôle',
      'controle',
      'contrôlée',
      'controlee',
    ],
    ['entretien', 'contrôle', 'obligatoire'],
  ],
  [
    ['brouillard', 'brumisation', 'fumée froide'],
    ['brume', 'vapeur'],
  ],
  [
    ['brise', 'courant d’air', "courant d'air"],
    ['souffle', 'air'],
  ],
  [
    ['tartines', 'tartine', 'toasts', 'toast'],
    ['tranches', 'pain'],
  ],
  [
    ['bouillant', 'bouillante', 'crame', 'surchauffe'],
    ['chauffe', 'surchauffe', 'chaud'],
  ],
  [
    ['pue', 'puent', 'puanteur', 'schlingue', 'empeste'],
    ['odeur', 'mauvais'],
  ],
  [
    ['trempé', 'trempe', 'mouillé', 'mouille'],
    ['humide', 'mouillé'],
  ],
  [
    ['glace', 'gelé', 'gele'],
    ['givre', 'glace'],
  ],
  [['tiède', 'tiede', 'froid', 'froids', 'froide', 'froides'], ['chauffe']],
  [
    ['rentre', 'arrive'],
    ['remplit', 'arrivée'],
  ],
  [
    ['colle', 'collent', 'accroche'],
    ['accroche', 'colle'],
  ],
  [
    ['bip', 'bipe', 'bips', 'biper'],
    ['bip', 'alarme', 'sonne'],
  ],
  [
    ['rame', 'plante', 'lag', 'lague'],
    ['lent', 'ralenti', 'bloque'],
  ],
  [
    ['crépite', 'crepite', 'crépitement', 'crepitement', 'crachote', 'crachotement'],
    ['grésille', 'grésillement'],
  ],
  [
    ['déco', 'deco', 'déconnecte', 'deconnecte', 'déconnectent', 'deconnectent', 'décroche', 'decroche'],
    ['déconnecte', 'connexion', 'coupe'],
  ],
  [['sent', 'sentent'], ['odeur']],
  [
    ['séchage', 'sechage'],
    ['sèche', 'sécher'],
  ],
];

const NEG = String.raw`(?:pas|plus|jamais|presque plus|quasiment plus)`;
const NE = String.raw`(?:ne |n')(?:se |s')?`;
/** « ne X plus », « n'X pas », and the spoken « X pas » / « X plus » without its « ne ». */
const negated = (verbs: string) => String.raw`\b(?:${NE}(?:${verbs})\w* (?:\w+ )?${NEG}|(?:${verbs})\w* ${NEG})\b`;

/**
 * The everyday phrasings of the most common breakdowns, and the words their sheets use (so that
 * « mon lave-linge ne vide plus l'eau » is the drain sheet's, not the spin's). The
 * search drops « ne … plus » as stop words, so « ne vide plus » and « reste vide » would otherwise be
 * the same words; a phrase adds its sheet words to the search, each counted as evidence for the
 * question's word it came from, like a synonym. Matched on the folded question (`foldFr`).
 */
export const KEY_PHRASES: [said: RegExp, sheetWords: string[]][] = [
  [
    new RegExp(
      String.raw`${negated('vide|vidange|evacue|se vide')}|\bgarde (?:toute |de )?l'eau\b|\bl'eau (?:reste|stagne|ne part|part pas)(?! (?:froide|tiede|chaude|glacee))|\breste (?:plein|pleine|remplie?) d'eau\b|\breste de l'eau\b|\beau (?:qui )?stagne`,
    ),
    ['vidange', 'évacuation'],
  ],
  [
    new RegExp(
      String.raw`${negated('essore')}|\b(?:fai\w*|lance\w*) (?:plus|pas|jamais) (?:d'|l'|son |les? )?essorage\b|\bsans essorage\b`,
    ),
    ['essorage', 'essore'],
  ],
  [
    /\beau (?:reste |est |sort |ressort )?(?:froide|glacee)\b|\b(?:lave|rince|tourne) (?:a|a l'eau) froide?\b|\breste froide?\b/,
    ['chauffe', 'eau froide'],
  ],
  [/\bflaques?\b|\b(?:eau|coule|goutte)\w* (?:par terre|au sol|sur le sol|sous l'appareil|sous la machine)\b/, ['fuite', 'fuit']],
  [
    new RegExp(
      String.raw`${negated('allume|demarre|se lance|lance|met en route')}|\brien ne se (?:passe|lance|allume)\b|\baucune? (?:reaction|voyant|lumiere|signe de vie)\b|\bplus (?:aucun|un) voyant\b`,
    ),
    ['démarre', 'allume', 'éteint'],
  ],
  [
    /\b(?:(?:les plombs|le disjoncteur|le differentiel|le courant|les fusibles|le compteur|tout|ca) (?:\w+ )?saute\w*|fai\w* (?:sauter|disjoncter|tomber)(?: les plombs| le disjoncteur| le differentiel| le courant| les fusibles| le compteur)?|disjonct\w*)\b/,
    ['disjoncteur', 'différentiel', 'saute'],
  ],
  [
    new RegExp(String.raw`\b(?:plus|pas) de froid\b|\bfai\w* (?:plus|pas) (?:de )?froid\b|${negated('refroidit|refroidi|fait du froid')}`),
    ['refroidit', 'froid'],
  ],
  // « ça sent le chien mouillé », « ça sent le renfermé »: a smell, whatever it smells of.
  [/\bsen(?:t|tent) (?:le |la |les |l'|un |une |comme )?(?:chien mouille|oeuf pourri|\w+)/, ['odeur', 'mauvais']],
];
