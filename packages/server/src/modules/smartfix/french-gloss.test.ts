import { describe, expect, it } from 'vitest';
import { withEnglishGloss } from './french-gloss.ts';

describe('French gloss for the smart-fix model', () => {
  it('adds the English words repairers use, keeping the French text', () => {
    expect(withEnglishGloss('Écran cassé')).toBe('Écran cassé screen display broken');
    expect(withEnglishGloss('Mon ordi ne s’allume plus')).toContain('not working does not turn on');
    expect(withEnglishGloss('La batterie ne charge plus')).toContain('battery');
    expect(withEnglishGloss('La batterie ne charge plus')).toContain('charging');
    expect(withEnglishGloss('fuite d’eau sous la machine')).toContain('leak');
  });

  it('leaves a text without known French words unchanged', () => {
    expect(withEnglishGloss('screen broken')).toBe('screen broken');
    expect(withEnglishGloss('')).toBe('');
  });
});
