import { describe, expect, it } from 'vitest';
import { badgeHowTo } from './badges.ts';

describe('what earns a badge, said from its rule', () => {
  it('says the first step for a threshold of one and the count otherwise', () => {
    expect(badgeHowTo('appliances', 1)).toBe('Ajoutez votre premier appareil à l’inventaire.');
    expect(badgeHowTo('appliances', 5)).toBe('Ayez 5 appareils dans votre inventaire.');
    expect(badgeHowTo('maintenance_done', 1)).toBe('Réalisez un premier entretien et marquez-le comme fait.');
    expect(badgeHowTo('maintenance_done', 5)).toBe('Réalisez 5 entretiens et marquez-les comme faits.');
    expect(badgeHowTo('breakdowns', 1)).toBe('Enregistrez un premier diagnostic de panne avec l’assistant de réparation.');
  });

  it('agrees the noun with the count', () => {
    expect(badgeHowTo('maintenance_planned', 1)).toBe('Planifiez 1 entretien dans le calendrier.');
    expect(badgeHowTo('maintenance_planned', 3)).toBe('Planifiez 3 entretiens dans le calendrier.');
  });

  it('names the action a badge counts, and keeps a kind it does not know from showing nothing', () => {
    expect(badgeHowTo('action:carbon_simulation', 1)).toBe('Faites une simulation avec le simulateur carbone.');
    expect(badgeHowTo('une-regle-future', 2)).toBe('Continuez à prendre soin de vos appareils.');
  });
});
