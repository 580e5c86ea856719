/**
 * What to do on a gas smell or a gas leak, written once so no two places differ. The assistant's emergency
 * answer (`EMERGENCIES.gaz`, in the chat's « tu ») and the FAQ (« vous ») read it from here; the fault
 * sheets of the knowledge base and the maintenance tutorials are JSON data, so they carry `rappel`
 * word for word, which their tests check (server: knowledge-base.test.ts, maintenance-cards.test.ts).
 *
 * Sources, read on 2026-11-28 in stored copies of these public pages (grdf.fr itself is not among the
 * stored pages, so the GRDF number and reflexes are taken from pages that quote GRDF):
 * - 0 800 47 33 33, « Urgence Sécurité Gaz » of GRDF, free (numéro vert), 24 h/24, 7 j/7, to call once
 *   outside: https://www.fournisseurs-electricite.com/grdf/fuite-de-gaz ; the Ville de Nantes,
 *   https://maisontranquillite.nantes.fr/home/risques-hygiene-et-erp/habitat/bien-reagir-en-cas-de-fuite-de-g.html ;
 *   a GRDF safety manager interviewed by https://18h39.fr/?p=95836 (air, close the meter if possible, touch
 *   nothing electrical, knock rather than ring at the neighbours', stairs not lift, call from outside);
 *   https://www.dyneff-gaz.fr/securite-gaz-bons-reflexes/ (a light already on is not switched off either).
 * - Local distribution companies (ELD) instead of GRDF, about 5 % of the population, e.g. R-GDS in
 *   Strasbourg, GEG in Grenoble, Régaz in Bordeaux: https://fournisseurs-gaz.com/grdf (« environ 5 % »),
 *   https://www.europesays.com/fr/254088 (Régaz, Strasbourg, Grenoble, Metz),
 *   https://pompieractu.fr/?p=11254 (R-GDS), https://www.francebleu.fr/infos/faits-divers-justice/grenoble-une-cinquantaine-de-personnes-evacuees-suite-a-une-fuite-de-gaz-1619771496 (GEG).
 *   Their emergency number is on the gas bill: the energy ombudsman (Médiateur national de l'énergie),
 *   https://www.energie-info.fr/fiche_pratique/je-nai-plus-delectricite-ou-de-gaz-naturel-que-faire/
 *   (« le service dépannage indiqué sur ma facture »). That it is also printed on the meter could not be
 *   confirmed, so the texts do not say it.
 * - Bottle and tank (butane, propane): close the valve on top of the bottle, or the red valve under the
 *   tank's cover: https://gaz-electricite.pagesjaunes.fr/fiche/voir/579961/que-faire-en-cas-d-odeur-de-gaz ,
 *   https://antargaz.fr/guide-pratique/citerne-de-gaz/odeur-de-gaz ; a tank's supplier has an emergency
 *   number on the bill or in the contract: the same Antargaz page and
 *   https://www.butagaz.fr/espace-energies/energie/gaz-en-citerne/citerne-de-gaz-et-reglementation-quelles-regles-securite-a-respecter .
 *   An emergency number written on a bottle itself could not be confirmed: for a bottle the texts say 18 or 112.
 * - 18 (fire brigade) for a gas leak, 112 everywhere: https://www.sdis04.fr/quels-numeros-composer-18-112-15-ou-17/
 *   and service-public.fr « Numéros d'urgence » (F33954), as quoted by https://montpellier-infos.fr/index.php/bons-plans/bon-a-savoir/37442-hgjk .
 */
import type { EmergencyNumber } from './emergency.ts';

export const GAS_EMERGENCY_NUMBER = {
  libelle: 'Urgence Sécurité Gaz (GRDF, gratuit, 24 h/24)',
  numero: '0 800 47 33 33',
} as const satisfies EmergencyNumber;

export const GAS_SAFETY = {
  numero: GAS_EMERGENCY_NUMBER,
  /** The emergency answer's instructions, in order (the chat's « tu »). */
  consignes: [
    'N’allume et n’éteins rien : ni lumière, ni interrupteur, ni disjoncteur, ni appareil électrique, ni sonnette. Pas de flamme, pas de cigarette.',
    'Ouvre grand les fenêtres et les portes.',
    'Ferme le robinet de gaz : celui du compteur, ou celui de la bouteille ou de la citerne.',
    'Sors sans prendre l’ascenseur. Préviens tes voisins en frappant à leur porte, sans sonner.',
    `Une fois dehors seulement, appelle. Gaz de ville : Urgence Sécurité Gaz au ${GAS_EMERGENCY_NUMBER.numero} (GRDF, gratuit, 24 h/24) ; si ton gaz n’est pas distribué par GRDF (certaines villes, comme Strasbourg, Grenoble ou Bordeaux, ont un distributeur local), le numéro d’urgence inscrit sur ta facture de gaz.`,
    'Gaz en bouteille (butane, propane) : le 18 ou le 112. Gaz en citerne : le numéro d’urgence de ton fournisseur (sur ton contrat ou ta facture), ou le 18 ou le 112. S’il y a du feu ou une personne incommodée : le 18 ou le 112, dans tous les cas.',
    'Ne rentre pas et ne remets pas l’appareil en marche avant le passage d’un professionnel.',
  ],
  /**
   * The same reflexes and numbers in one paragraph (« vous »): the FAQ, and word for word the gas
   * tutorials' first step.
   */
  rappel: `En cas d’odeur de gaz : n’allumez et n’éteignez rien (ni interrupteur, ni disjoncteur, ni appareil), pas de flamme ; ouvrez les fenêtres, fermez le robinet de gaz (au compteur, ou celui de la bouteille ou de la citerne) et sortez. Une fois dehors, appelez Urgence Sécurité Gaz au ${GAS_EMERGENCY_NUMBER.numero} (GRDF, gratuit, 24 h/24) ou, si votre gaz n’est pas distribué par GRDF, le numéro d’urgence inscrit sur votre facture ; gaz en bouteille : le 18 ou le 112 ; gaz en citerne : le numéro d’urgence de votre fournisseur, ou le 18 ou le 112.`,
  /** The same paragraph in the assistant's « tu » (UI.md): word for word the gas fault sheets' precaution. */
  rappelTu: `En cas d’odeur de gaz : n’allume et n’éteins rien (ni interrupteur, ni disjoncteur, ni appareil), pas de flamme ; ouvre les fenêtres, ferme le robinet de gaz (au compteur, ou celui de la bouteille ou de la citerne) et sors. Une fois dehors, appelle Urgence Sécurité Gaz au ${GAS_EMERGENCY_NUMBER.numero} (GRDF, gratuit, 24 h/24) ou, si ton gaz n’est pas distribué par GRDF, le numéro d’urgence inscrit sur ta facture ; gaz en bouteille : le 18 ou le 112 ; gaz en citerne : le numéro d’urgence de ton fournisseur, ou le 18 ou le 112.`,
} as const;
