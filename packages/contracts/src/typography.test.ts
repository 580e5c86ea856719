import { describe, expect, it } from 'vitest';
import { numberFr, percentFr, typographyFaults } from './typography.ts';

describe('French numbers', () => {
  it('groups thousands with a narrow no-break space, as Intl fr-FR does, and a comma for decimals', () => {
    expect(numberFr(4000)).toBe('4\u202f000');
    expect(numberFr(52533)).toBe('52\u202f533');
    expect(numberFr(152.46, 1)).toBe('152,5');
    expect(percentFr(78)).toBe('78\u202f%');
  });
});

describe('typographyFaults', () => {
  it('finds an ASCII apostrophe, an ordinary space before : ; ! ? or inside « », a missing one, thousands grouped by a space', () => {
    expect(typographyFaults("L'appareil")).toHaveLength(1);
    expect(typographyFaults('Réparable : oui')).toHaveLength(1);
    expect(typographyFaults('Ce champ est requis!')).toHaveLength(1);
    expect(typographyFaults('Vraiment ?')).toHaveLength(1);
    expect(typographyFaults('le bouton « Démo »')).toHaveLength(2);
    expect(typographyFaults('le bouton «Démo»')).toHaveLength(2);
    expect(typographyFaults('10 000 lignes')).toHaveLength(1);
  });

  it('accepts French typography, times, addresses and figures that are not thousands', () => {
    for (const text of [
      'L’appareil',
      'Réparable\u00a0: oui',
      'Ce champ est requis\u00a0!',
      'Vraiment\u202f?',
      'le bouton «\u00a0Démo\u00a0»',
      '10\u202f000 lignes',
      'à 10:00',
      'https://exemple.fr/page?id=3',
      'le 21 novembre 2026',
      '4 ou 5 appareils',
      'au 0 800 47 33 33',
      'un caractère parmi @$!%*?&',
    ])
      expect(typographyFaults(text), text).toEqual([]);
  });
});
