import { describe, expect, it } from 'vitest';
import { EMERGENCIES } from './emergency.ts';
import { GAS_SAFETY } from './gas-safety.ts';
import { foldFr } from './normalize.ts';

/** What every gas text says (item 9), checked on the emergency answer (« tu ») and on the reminder (« vous »). */
const FACTS: [string, RegExp][] = [
  ['touch nothing electrical, breaker included', /n'allum\w* et n'etei\w* rien[^.;]*interrupteur[^.;]*disjoncteur/],
  ['no flame', /pas de flamme/],
  ['air', /ouvr\w* (grand )?les fenetres/],
  ['close the tap at the meter, the bottle or the tank', /ferm\w* le robinet de gaz[^.;]*compteur[^.;]*bouteille[^.;]*citerne/],
  ['leave', /\bsor(s|tez)\b/],
  ['call once outside', /(une fois )?dehors[^.]*appel/],
  ['GRDF, free, day and night', /urgence securite gaz au 0 800 47 33 33 \(grdf, gratuit, 24 h\/24\)/],
  ['another distributor: the number on the bill', /pas distribue par grdf[^.;]*numero d'urgence inscrit sur (ta|votre) facture/],
  ['bottle: 18 or 112', /gaz en bouteille[^.;:]*: le 18 ou le 112/],
  ['tank: the supplier, or 18 or 112', /gaz en citerne : le numero d'urgence de (ton|votre) fournisseur[^.;]*, ou le 18 ou le 112/],
];

describe('gas safety, written once (item 9)', () => {
  it('is the emergency answer’s text and first number', () => {
    expect(EMERGENCIES.gaz.consignes).toEqual(GAS_SAFETY.consignes);
    expect(EMERGENCIES.gaz.numeros[0]).toEqual(GAS_SAFETY.numero);
    expect(EMERGENCIES.gaz.numeros.map((n) => n.numero)).toEqual(['0 800 47 33 33', '18', '112', '114']);
  });

  it('says the same reflexes and numbers in the emergency answer and in the reminder of the FAQ, sheets and tutorials', () => {
    for (const [what, text] of [
      ['emergency', EMERGENCIES.gaz.consignes.join(' ')],
      ['reminder', GAS_SAFETY.rappel],
    ] as const) {
      const folded = foldFr(text);
      for (const [fact, re] of FACTS) expect(folded, `${what}: ${fact}`).toMatch(re);
      // The gas reflex is the opposite of cutting the power: nothing says to unplug, switch or cut.
      expect(folded, what).not.toMatch(/(?<!n')\b(debranch\w*|coupe\w* (le )?(courant|disjoncteur)|actionne\w*)\b/);
    }
  });
});
