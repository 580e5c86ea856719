import { describe, expect, it } from 'vitest';
import { faultIndex } from '../../services.ts';
import { diagnose } from './diagnose.ts';
import { loadKnowledgeBase } from './knowledge-base.ts';
import { evaluateRetrieval, readHeldOut, wordOverlap, words } from './retrieval-eval.ts';

/** The sets written apart from the knowledge base, from the fault titles only (bench/README.md). */
const WRITTEN_APART = ['held-out-2.json', 'held-out-3.json', 'held-out-4.json', 'held-out-5.json', 'held-out-6.json', 'held-out-7.json', 'held-out-8.json', 'held-out-9.json', 'held-out-10.json', 'held-out-11.json'];

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

  it('keeps the sets written apart from the knowledge base: word overlap below 0.5 with every symptom', () => {
    const sentences = loadKnowledgeBase().flatMap((e) => [e.title, ...e.symptoms].map((text) => ({ text, words: words(text) })));
    for (const file of WRITTEN_APART) {
      const close = readHeldOut(file).flatMap((i) => {
        const own = words(i.query);
        return sentences.filter((s) => wordOverlap(own, s.words) >= 0.5).map((s) => `${i.query} ≈ ${s.text}`);
      });
      expect(close, file).toEqual([]);
    }
    expect(wordOverlap('le tambour tourne mais l’air reste froid dedans', 'le tambour tourne mais l’air reste froid')).toBeGreaterThanOrEqual(0.5);
  });

  it('meets the bars of issue 13 on the second set, written apart (emergencies, device, top-1, top-3, abstention)', () => {
    const items = readHeldOut('held-out-2.json');
    expect(items.filter((i) => i.expected === null || i.expected === 'urgence').length).toBeGreaterThanOrEqual(40);
    const result = evaluateRetrieval(index, items);
    const misses = JSON.stringify(result.misses, null, 1);
    expect(result.emergencies.recall, misses).toBe(1);
    expect(result.wrongDevice, misses).toBe(0);
    expect(result.inScope.top1, misses).toBeGreaterThanOrEqual(0.9);
    expect(result.inScope.top3, misses).toBeGreaterThanOrEqual(0.97);
    expect(result.outOfScope.abstained / result.outOfScope.n, misses).toBeGreaterThanOrEqual(0.9);
  });

  it.each(WRITTEN_APART.slice(1))('answers every emergency and never about another device on %s, written blind', (file) => {
    const result = evaluateRetrieval(index, readHeldOut(file));
    expect(result.emergencies.recall, JSON.stringify(result.misses, null, 1)).toBe(1);
    expect(result.wrongDevice).toBe(0);
  });

  it('bounds the candidates by a part only one kind of device has, when no device is named (« le foret », « la pastille »)', () => {
    const top = (q: string) => index.search(q).matches[0]?.entry.id;
    expect(index.search('le foret tourne dans le vide').allowed).toEqual(new Set(['perceuse-visseuse']));
    expect(top('la pastille reste entière au fond en fin de lavage')).toBe('lave-vaisselle-pastille-non-dissoute');
    expect(index.search('un bruit bizarre').allowed).toBeNull();
  });

  it('takes a maker of many kinds of devices for no evidence against a sheet (« avec ma Seb », « LL Candy »)', () => {
    const top = (q: string) => index.search(q).matches[0];
    expect(top('taille haie black et decker démarre plus')?.entry.id).toBe('taille-haie-ne-demarre-pas');
    expect(top('taille haie black et decker démarre plus')!.coverage).toBeGreaterThanOrEqual(0.5);
    expect(index.detectProducts('LL Candy n’évacue plus l’eau').slugs).toEqual(new Set(['lave-linge']));
    // « Haier » stems as « haie »: makers are compared as typed, so the hedge trimmer's « haie » stays a describing word.
    expect(index.detectProducts('la haie est mal taillée').rest).toContain('hai');
  });

  it('keeps a verb that sounds like the device (« mon aspi n’aspire plus »), narrows a broad name by a model, and hears a comparison as none', () => {
    expect(index.detectProducts('mon aspi n’aspire plus rien').rest).toContain('aspir');
    expect(index.detectProducts('mon séchoir Babyliss se coupe').slugs).toEqual(new Set(['seche-cheveux']));
    expect(index.detectProducts('mon pc portable souffle comme un aspirateur').slugs).toEqual(new Set(['ordinateur-portable']));
  });

  it('names the device from what only it has or its maker-specific name (« la verseuse », « la gâchette », « absorbeur d’humidité »), not from a verb of the same stem (« branché »)', () => {
    expect([...(index.search('ça met 20 min à passer et plein de marc dans la verseuse').allowed ?? [])]).toContain('cafetiere-filtre');
    expect(index.search('plus rien ne sort quand j’appuie sur la gâchette').allowed?.has('centrale-vapeur')).toBe(true);
    expect(index.detectProducts('mon absorbeur d’humidité électrique tourne mais le réservoir reste sec').slugs).toEqual(new Set(['deshumidificateur']));
    expect(index.search('mon appareil fait plus rien même après une nuit branché').allowed).toBeNull();
  });

  it('hears « portable » as a phone or a laptop, and ranks a sheet that explains every word above one that repeats a word', () => {
    expect(index.detectProducts('mon portable').slugs).toEqual(new Set(['telephone-portable', 'ordinateur-portable']));
    const top = (q: string, product: string) => index.search(q, { product }).matches[0]?.entry.id;
    expect(top('ça fait tic tic tic tic mais le feu ne prend jamais', 'cuisiniere')).toBe('plaque-de-cuisson-gaz-allumage-sans-flamme');
  });

  it('ranks a sheet that explains the whole description above one that matches a single word loudly', () => {
    const top = (q: string, product: string) => index.search(q, { product }).matches[0]?.entry.id;
    expect(top('renversé un jus sur le clavier, je l’ai débranché et retourné', 'ordinateur-portable')).toBe('ordinateur-portable-liquide-renverse');
    expect(top('le wifi rame le soir et ça décroche toutes les 10 minutes', 'box-internet')).toBe('box-internet-wifi-lent-coupures');
  });

  it('hears everyday words as the sheets say them (« boucan », « ramasse », « caoutchouc »)', () => {
    const top = (q: string, product: string) => index.search(q, { product }).matches[0]?.entry.id;
    expect(top('ma hotte fait un boucan pas possible', 'hotte')).toBe('hotte-bruyante');
    const top3 = (q: string, product: string) => index.search(q, { product, limit: 3 }).matches.map((m) => m.entry.id);
    expect(top3('il fait son bruit mais il ramasse presque plus rien', 'aspirateur')).toContain('aspirateur-perte-aspiration');
    expect(top3('le caoutchouc autour de la porte est déchiré', 'refrigerateur')).toContain('refrigerateur-joint-de-porte');
  });

  it('does not take a kitchen for a cooker: a word of the sheets is not a typo of a device name', () => {
    expect(index.detectProducts('mon robinet de cuisine goutte').slugs.size).toBe(0);
    expect(index.detectProducts('ma gaziniere ne s’allume plus').slugs).toEqual(new Set(['cuisiniere']));
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

  it('says it has no sheet for a part no sheet of the device is about, for a usage or purchase question, and for a gate', () => {
    const kind = (q: string, product?: string) => {
      const d = diagnose(index, q, index.resolveProduct(product));
      return d.kind === 'fiche' ? d.matches[0]!.entry.id : d.kind;
    };
    // The part a question is about must be in the sheet: a jammed lens is no answer about a flash.
    expect(kind('le flash ne se déclenche plus, même en mode forcé', 'Appareil photo')).toBe('aucune');
    expect(kind("l'ampoule intérieure de la cave à vin est grillée")).toBe('aucune');
    expect(kind('la lumière du four ne s’allume plus', 'Four électrique')).toBe('four-ampoule-grillee');
    // Usage, purchase and repair-or-replace questions.
    expect(kind('à quelle température je dois régler le frigo ?', 'Réfrigérateur')).toBe('aucune');
    expect(kind('où faut-il installer les détecteurs dans un appartement ?', 'Détecteur de fumée')).toBe('aucune');
    expect(kind('quelle hauteur de coupe pour la tondeuse en été ?')).toBe('aucune');
    expect(kind('ça vaut le coup de réparer un frigo de 12 ans ou je rachète ?')).toBe('aucune');
    expect(kind('où je peux acheter des sacs pour mon aspirateur ?')).toBe('aucune');
    // A how-to that says something is out of date is a fault.
    expect(kind('comment changer le tuyau du gaz ? la date marquée dessus est passée', 'Plaque de cuisson')).toBe('plaque-de-cuisson-gaz-tuyau-perime');
    // « portail » is a word of its own, not a typo of « portable »; the heating pipes are the boiler's.
    expect(index.detectProducts('le portail électrique ne répond plus').slugs.size).toBe(0);
    expect(kind('les tuyaux de chauffage cognent et gargouillent la nuit')).toBe('chaudiere-bruits-sifflement-claquement');
  });

  it('names a device typed without accents or by its brand, and hears a part said to work as context', () => {
    expect(index.detectProducts('ma cafetiere à filtre fuit').slugs).toEqual(new Set(['cafetiere-filtre']));
    expect(index.detectProducts('mon gigaset se vide en une journée').slugs).toEqual(new Set(['telephone-fixe']));
    const d = diagnose(index, 'il reste froid même à 250, la lumière et le ventilateur marchent pourtant', 'four');
    expect(d.kind === 'fiche' && d.matches.slice(0, 3).map((m) => m.entry.id)).toContain('four-ne-chauffe-plus');
  });
});
