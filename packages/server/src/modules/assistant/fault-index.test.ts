import { describe, expect, it } from 'vitest';
import { faultIndex } from '../../services.ts';
import { evaluateRetrieval, readHeldOut } from './retrieval-eval.ts';

describe('fault retrieval (issue 6 quality bar)', () => {
  const index = faultIndex();

  it('finds the right fault in the top 3 for at least 90 % of the held-out phrasings, answering every emergency', () => {
    const items = readHeldOut();
    expect(items.length).toBeGreaterThanOrEqual(80);
    const result = evaluateRetrieval(index, items);
    expect(result.inScope.top3, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
    expect(result.emergencies.recall).toBe(1);
    expect(result.wrongDevice).toBe(0);
  });

  it('abstains on questions the knowledge base does not cover and answers every emergency (calibration set)', () => {
    const result = evaluateRetrieval(index, readHeldOut('calibration.json'));
    expect(result.emergencies.recall, JSON.stringify(result.misses, null, 1)).toBe(1);
    expect(result.abstention.recall, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.8);
    expect(result.wrongDevice).toBe(0);
  });

  it('understands French as people type it: accents, plurals, typos, everyday and brand names', () => {
    const top = (q: string, product?: string) => index.find(q, { product: index.resolveProduct(product) })[0]?.entry.id;
    expect(top('lave vaiselle ne chauffe plus')).toMatch(/^lave-vaisselle-ne-chauffe/);
    expect(top('LE FRIGO FAIT DES BRUITS BIZARRES')).toBe('refrigerateur-bruit');
    expect(top('mon iphone ne charge plus')).toBe('telephone-portable-ne-charge-plus');
    expect(top('plus de wifi sur la livebox')).toMatch(/^box-internet-/);
    expect(top('ma ps5 chauffe et fait un bruit d’avion')).toBe('console-de-jeux-surchauffe-bruyante');
    expect(top('il ne chauffe plus', 'Lave-vaisselle')).toMatch(/^lave-vaisselle-/);
    expect(index.resolveProduct('Réfrigérateur')).toBe('refrigerateur');
    expect(index.resolveProduct('mon frigo')).toBe('refrigerateur');
    expect(index.detectProducts('ma machine à café fuit').slugs).toEqual(new Set(['machine-a-cafe-automatique']));
  });

  it('finds nothing in words that describe no fault', () => {
    expect(index.find('xylophone quantique zzz')).toEqual([]);
    expect(index.search('le tambour ne tourne plus', { product: 'aspirateur' }).matches.every((m) => m.entry.products.includes('aspirateur'))).toBe(true);
    expect(index.find('réfrigérateur')).toEqual([]);
  });
});
