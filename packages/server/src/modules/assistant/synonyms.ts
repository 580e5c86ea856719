/**
 * Everyday words a household types, and the words the knowledge base's sheets use for the same thing
 * (issue 13: questions written apart from the sheets say « boucan » where a sheet says « bruit »).
 * A question's word adds its sheet words to the search; it never replaces the word itself, and a
 * sheet word matched this way counts for the question's word in the evidence a sheet needs.
 * Only unambiguous pairs: a word with another common sense in appliance talk stays out.
 */
export const SYNONYMS: [said: string[], sheetWords: string[]][] = [
  [['boucan', 'vacarme', 'raffut', 'barouf', 'tintamarre', 'bourdonne', 'bourdonnement', 'vrombit', 'ronronne', 'ronronnement', 'tracteur', 'résonne', 'resonne'], ['bruit', 'bruyant']],
  [['grince', 'grincement', 'couine', 'couinement'], ['grincement', 'bruit']],
  [['ramasse', 'ramasser'], ['aspire', 'aspiration']],
  [['lumière', 'lumiere', 'spot', 'spots', 'éclairage', 'eclairage', 'loupiote'], ['lampe', 'ampoule', 'éclairage', 'lumière']],
  [['ampoule', 'lampe'], ['lumière', 'éclairage']],
  [['mort', 'morte', 'hs', 'foutu', 'foutue'], ['allume', 'démarre', 'panne']],
  [['manette'], ['levier', 'bouton']],
  [['clac', 'clic', 'toc', 'tac', 'cloc'], ['claquement', 'claque', 'bruit']],
  [['glouglou', 'glougloute', 'glougloutent', 'gargouille', 'gargouillis'], ['bruit', 'air', 'purge']],
  [['mollement', 'mou', 'molle', 'fatiguée', 'fatiguee', 'faiblard', 'faiblarde'], ['faible', 'faiblement']],
  [['anticalcaire', 'anti-calcaire'], ['détartrage', 'détartrer', 'calcaire']],
  [['alerte', 'alertes'], ['message', 'voyant', 'alerte']],
  [['net'], ['internet', 'connexion']],
  [['assiette'], ['plateau']],
  [['caoutchouc'], ['joint']],
  [['mano', 'manomètre', 'manometre'], ['pression']],
  [['flaque', 'flaques'], ['fuite', 'fuit']],
  [['flotte'], ['eau']],
  [['tient', 'tenait', 'autonomie'], ['autonomie', 'batterie', 'décharge']],
  [['repart', 'redémarre', 'redemarre'], ['démarre']],
  [['vérifiée', 'verifiee', 'vérifier', 'verifier', 'vérification', 'verification', 'révision', 'revision', 'contrôle', 'controle', 'contrôlée', 'controlee'], ['entretien', 'contrôle', 'obligatoire']],
  [['brouillard', 'brumisation', 'fumée froide'], ['brume', 'vapeur']],
  [['brise', 'courant d’air', "courant d'air"], ['souffle', 'air']],
  [['tartines', 'tartine', 'toasts', 'toast'], ['tranches', 'pain']],
  [['bouillant', 'bouillante', 'crame', 'surchauffe'], ['chauffe', 'surchauffe', 'chaud']],
  [['pue', 'puent', 'puanteur', 'schlingue', 'empeste'], ['odeur', 'mauvaise odeur']],
  [['trempé', 'trempe', 'mouillé', 'mouille'], ['humide', 'mouillé']],
  [['glace', 'gelé', 'gele'], ['givre', 'glace']],
  [['tiède', 'tiede', 'froid', 'froids', 'froide', 'froides'], ['chauffe']],
  [['rentre', 'arrive'], ['remplit', 'arrivée']],
  [['colle', 'collent', 'accroche'], ['accroche', 'colle']],
  [['bip', 'bipe', 'bips', 'biper'], ['bip', 'alarme', 'sonne']],
  [['rame', 'plante', 'lag', 'lague'], ['lent', 'ralenti', 'bloque']],
];
