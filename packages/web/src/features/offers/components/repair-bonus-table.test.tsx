import { REPAIR_BONUS, REPAIR_BONUS_SOURCE } from '@ecofoyer/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render.tsx';
import { RepairBonusTable } from './repair-bonus-table.tsx';

const row = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name, { exact: true }) !== null)!;

describe('the repair-bonus table (docs/facts.md, « Repair bonus »)', () => {
  it('says the day the amounts are in force and links to the official page', () => {
    renderPage(<RepairBonusTable />, '/offres');
    const source = screen.getByTestId('repair-bonus-source');
    expect(source.textContent).toContain(
      'Montants vérifiés le 29 novembre 2026\u00a0: barème en vigueur depuis le 1er janvier 2024, le dernier publié trouvé ce jour-là\u00a0; le réparateur labellisé confirme le montant. Source\u00a0:',
    );
    const link = within(source).getByRole('link', { name: REPAIR_BONUS_SOURCE.label });
    expect(link.getAttribute('href')).toBe(REPAIR_BONUS_SOURCE.url);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('marks every unconfirmed amount « à confirmer », and no confirmed one', () => {
    renderPage(<RepairBonusTable />, '/offres');
    const table = screen.getByRole('table', { name: 'Montants du bonus réparation' });
    const unconfirmed = REPAIR_BONUS.filter((e) => e.status === 'unconfirmed').length;
    expect(within(table).getAllByText('à confirmer')).toHaveLength(unconfirmed);
    expect(within(row('Robot pâtissier')).getByText('à confirmer')).toBeTruthy();
    expect(within(row('Lave-linge')).queryByText('à confirmer')).toBeNull();
    expect(within(row('Lave-linge')).getByText('50 €')).toBeTruthy();
    // French spacing: non-breaking spaces inside « » and before : and ; (the matcher's normaliser would hide them).
    const legend = screen.getByText(/ni une page officielle ni deux sources concordantes/);
    expect(legend.textContent).toContain('«\u00a0à confirmer\u00a0»\u00a0: ni une page officielle');
    expect(legend.textContent).toContain('ce montant\u00a0; demandez-le');
  });
});
