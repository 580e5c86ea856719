import { describe, expect, it } from 'vitest';
import { withOpenGraph } from './open-graph.ts';

const SHELL =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8" /><title>EcoFoyer</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const badge = (firstname: string) => ({
  firstname,
  dt_obtention: '2026-11-20',
  refbadge: { name: 'Réparateur', description: 'A réparé un appareil', pict: '/ref/badges/reparateur.svg' },
});

describe('the shared badge page', () => {
  // `$'`, `$&`, `` $` `` and `$1` are replacement patterns of String.replace with a string.
  for (const firstname of ["$'Bob", '$&Alice', '$`Eve', '$1Zoé', '$$Max', '</title><script>alert(1)</script>', '"Jo\' <b>']) {
    it(`keeps the page whole with the first name ${JSON.stringify(firstname)}`, () => {
      const html = withOpenGraph(SHELL, badge(firstname), 'https://eco.example/badge/1', 'https://eco.example');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.endsWith('<div id="root"></div></body></html>')).toBe(true);
      const title = /<title>([^<]*)<\/title>/.exec(html)![1]!;
      const unescaped = title
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(unescaped).toBe(`${firstname} a obtenu le badge « Réparateur » sur EcoFoyer`);
      expect(html).toContain('<meta property="og:url" content="https://eco.example/badge/1" />');
    });
  }
});
