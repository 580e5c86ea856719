import { smartfixCategoryList } from '@ecofoyer/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { SmartfixPage } from './smartfix-page.tsx';

describe('smart-fix result', () => {
  it('rounds a percentage once for the whole screen: 33 % everywhere, never 33,3 % or 33,33 % beside it', async () => {
    stubNetwork((call) =>
      call.url.endsWith('/categories')
        ? { status: 200, body: smartfixCategoryList() }
        : {
            status: 200,
            body: {
              is_repairable: false,
              repair_probability: 0.3333,
              category_rate: 0.3333,
              category_name: 'Lave-linge',
              category_records: 4000,
              factors: [],
            },
          },
    );
    const user = userEvent.setup();
    renderPage(<SmartfixPage />, '/smartfix');
    await user.type(await screen.findByPlaceholderText('Choisir une catégorie'), 'Lave-linge');
    await user.click(await screen.findByRole('option', { name: 'Lave-linge', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Estimer la réparabilité' }));
    const result = await screen.findByTestId('smartfix-result');
    const text = [
      result.textContent,
      ...within(result)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ].join(' ');
    const percentages = [...text.matchAll(/\d+(?:,\d+)?\s%/g)].map((m) => m[0]);
    expect(percentages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(percentages)).toEqual(new Set(['33\u202f%']));
    // And the count of records grouped as French writes it.
    expect(result.textContent).toContain('d’après 4\u202f000 appareils');
  });
});
