import { smartfixCategoryList } from '@ecofoyer/contracts';
import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { categoryChoices, searchCategoryChoices } from './category-options.ts';

const choices = categoryChoices(smartfixCategoryList());
const options: ComboboxItem[] = choices.map((c) => ({ value: c.value, label: c.label }));
const search = (text: string) =>
  (searchCategoryChoices(choices)({ options, search: text, limit: Number.POSITIVE_INFINITY }) as ComboboxItem[]).map((o) => o.label);

describe('the smart-fix « Catégorie » select', () => {
  it('lists the 40 categories and their finer kinds in French alphabetical order', () => {
    expect(choices.filter((c) => c.kind === null)).toHaveLength(40);
    expect(choices.find((c) => c.label === 'Lave-linge')).toMatchObject({ value: '17:lave-linge', categoryId: 17, kind: 'lave-linge' });
    const labels = choices.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr')));
  });

  it('finds « frigo », « lave », « micro » and « machine à laver », accents and hyphens aside', () => {
    expect(search('frigo')[0]).toBe('Réfrigérateur / congélateur');
    expect(search('lave').slice(0, 2).sort()).toEqual(['Lave-linge', 'Lave-vaisselle']);
    expect(search('micro')[0]).toBe('Four micro-ondes');
    expect(search('micro onde')[0]).toBe('Four micro-ondes');
    expect(search('machine à laver')[0]).toBe('Lave-linge');
    expect(search('machine a laver')[0]).toBe('Lave-linge');
    expect(search('ELECTROMENAGER')).toEqual(expect.arrayContaining(['Gros électroménager', 'Petit électroménager']));
    expect(search('portable')).toEqual(expect.arrayContaining(['Ordinateur portable', 'Téléphone portable']));
    expect(search('zzz')).toEqual([]);
    expect(search('')).toHaveLength(options.length);
  });
});
