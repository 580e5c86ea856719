import { describe, expect, it } from 'vitest';
import { detectEmergency, EMERGENCIES, EMERGENCY_KINDS, type EmergencyKind, emergencyText } from './emergency.ts';

/** Issue 13's reports and the everyday cases on each side of the line: what must be an emergency, and what is a fault. */
const CASES: [string, EmergencyKind | null][] = [
 ["ça sent le gaz dans la cuisine", 'gaz'],
 ["odeur de gaz quand j'allume le feu", 'gaz'],
 ["il n'y a pas d'odeur de gaz mais le brûleur ne s'allume pas", null],
 ["ça ne sent pas le gaz mais l'allumage clique sans flamme", null],
 ["la bouilloire dégage de la fumée et une odeur de plastique brûlé", 'fumee'],
 ["pression chaudière 0,5 bar", null],
 ["détecteur de fumée bipe", null],
 ["le détecteur de fumée sonne dans le couloir", 'incendie'],
 ["mon détecteur de fumée sonne pour rien quand je cuisine", null],
 ["l'alarme du détecteur de monoxyde sonne", 'monoxyde'],
 ["le four fume à cause de la graisse", null],
 ["le four fume et sent le plastique", 'fumee'],
 ["mon four fait de la fumée", 'fumee'],
 ["des flammes dans le micro-ondes", 'incendie'],
 ["flammes jaunes sur la gazinière", null],
 ["la flamme du brûleur s'éteint quand je lâche le bouton", null],
 ["la prise du lave-linge a fondu", 'electrique'],
 ["des étincelles sortent du grille-pain", 'electrique'],
 ["j'ai renversé du café sur mon ordinateur portable", 'eau'],
 ["mon téléphone est tombé dans l'eau", 'eau'],
 ["la batterie de mon téléphone est gonflée", 'batterie'],
 ["l'écran de mon portable se soulève", 'batterie'],
 ["j'ai pris une décharge en touchant le frigo", 'electrocution'],
 ["ça picote quand je touche la machine à laver", 'electrocution'],
 ["ma chaudière est en sécurité et ça sent bizarre", 'gaz'],
 ["la pompe à chaleur fume en hiver, de la vapeur sort de l'unité extérieure", null],
 ["odeur de poussière brûlée quand je rallume le radiateur", null],
 ["le lave-linge fuit, il y a une flaque sous la machine", null],
 ["l'aspirateur sent le brûlé", 'fumee'],
 ["mal de tête et nausées depuis qu'on a rallumé la chaudière", 'monoxyde'],
 ["j'ai de l'eau dans le tambour", null],
 ["l'écran est cassé", null],
 ["le lave-vaisselle ne sèche pas", null],
 ["le sèche-linge chauffe trop", null],
 ["fuite de gaz", 'gaz'],
 ["le flexible de gaz siffle", 'gaz'],
 ["la cuisine est inondée à cause du lave-vaisselle", 'eau'],
];

describe('emergency intercept (issue 13)', () => {
  it.each(CASES)('« %s » → %s', (text, kind) => {
    expect(detectEmergency(text)).toBe(kind);
  });

  it('uses the chosen device only to recognise a benign case, never to raise one', () => {
    expect(detectEmergency('ça fume énormément et toute la cuisine sent l’huile rance', 'Friteuse')).toBeNull();
    expect(detectEmergency('ça fume énormément et toute la cuisine sent l’huile rance')).toBe('fumee');
    expect(detectEmergency('elle tourne mais la fumée reste dans la cuisine', 'Hotte')).toBeNull();
    expect(detectEmergency('la hotte fume et sent le brûlé', 'Hotte')).toBe('fumee');
    expect(detectEmergency('ça sent l’œuf pourri quand j’ouvre la porte', 'Lave-vaisselle')).toBeNull();
    expect(detectEmergency('ça sent l’œuf pourri dans l’entrée')).toBe('gaz');
  });

  it('has a reviewed text for every kind: instructions, numbers, never a do-it-yourself repair', () => {
    for (const kind of EMERGENCY_KINDS) {
      const u = EMERGENCIES[kind];
      expect(u.type).toBe(kind);
      expect(u.consignes.length).toBeGreaterThanOrEqual(4);
      expect(u.numeros.map((n) => n.numero)).toContain('112');
      expect(emergencyText(u)).toContain(u.titre);
      expect(u.consignes.join(' ')).not.toMatch(/démont|dévisse|ouvre le capot|répare/i);
    }
    expect(EMERGENCIES.gaz.numeros[0]).toEqual({ libelle: 'Urgence Sécurité Gaz (GRDF, gratuit, 24 h/24)', numero: '0 800 47 33 33' });
    expect(EMERGENCIES.monoxyde.numeros.map((n) => n.numero)).toEqual(['15', '18', '112', '114']);
  });
});
