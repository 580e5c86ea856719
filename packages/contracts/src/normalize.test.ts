import { describe, expect, it } from 'vitest';
import { detectEmergency } from './emergency.ts';
import { normalizeFr } from './normalize.ts';

describe('normalizeFr: how people type, brought back to plain folded French', () => {
  it.each([
    ['Ça PUUUE le GAAAZ !!!', 'ca pue le gaz !!!'],
    ['qd jai allumé ya une odeure bizarre', "quand j'ai allume il y a une odeur bizarre"],
    ['sa schlingue la fumme', 'ca pue la fumee'],
    ['l eau coule sur la multiprise', "l'eau coule sur la multiprise"],
    ['la baterie de mon tel a gonflé 😱', 'la batterie de mon tel a gonfle'],
    ['psssss derrière la gazi', 'pss derriere la gaziniere'],
    ['des etinseles sur la prise', 'des etincelles sur la prise'],
    ['au secouuurs', 'au secours'],
  ])('« %s » → « %s »', (input, expected) => {
    expect(normalizeFr(input)).toBe(expected);
  });

  it('leaves real words near a safety word alone, and what is not a word', () => {
    for (const kept of [
      'le brûleur',
      'électrisée',
      'les bouteilles',
      'le batteur',
      'un fumeur',
      'à 60 c',
      'tel quel',
      'vis de 3 mm',
      'E24',
      'WAT28449FF',
    ]) {
      const folded = kept
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
      expect(normalizeFr(kept), kept).toBe(folded);
    }
  });

  it('lets the emergency rules read the slang and SMS forms they did not know', () => {
    expect(detectEmergency('sa schlingue le gaz dans la cuisine')).toBe('gaz');
    expect(detectEmergency('ya des etinseles qd je branche')).toBe('electrique');
    expect(detectEmergency('la baterie de la trott a gonflé')).toBe('batterie');
  });
});
