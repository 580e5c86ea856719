import { API_BASE, type InventoryImportLast, MSG } from '@ecofoyer/contracts';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { InventoryImport } from './inventory-import.tsx';

const LAST = `${API_BASE}/profils/users/4/import/appareils/dernier`;
/** The text as written: the non-breaking spaces of French typography are part of what is checked. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const running = (fait: number): InventoryImportLast => ({
  etat: 'en_cours',
  debut: '2026-11-24T10:00:00Z',
  fin: null,
  etape: 'ecriture',
  fait,
  total: 400,
});

describe('« Importer des appareils »: the household’s last import', () => {
  it('shows an import still running when the page opens, follows its progress, then says what it did', async () => {
    signedIn();
    let polls = 0;
    stubNetwork(({ url }) => {
      if (url !== LAST) return { status: 404, body: { message: MSG.routeNotFound } };
      polls += 1;
      if (polls === 1) return { status: 200, body: running(120) };
      if (polls === 2) return { status: 200, body: running(360) };
      return {
        status: 200,
        body: {
          etat: 'fait',
          debut: '2026-11-24T10:00:00Z',
          fin: '2026-11-24T10:02:00Z',
          resultat: { crees: 12, misAJour: 3 },
        } satisfies InventoryImportLast,
      };
    });
    renderPage(<InventoryImport />);
    expect(await screen.findByText('Un import est en cours…')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Enregistrement… 120 / 400');
    const bar = screen.getByRole('progressbar', { name: 'Progression de l’import' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['120', '400']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Enregistrement… 360 / 400'), { timeout: 5000 });
    expect(
      await screen.findByText('Dernier import le 24 novembre 2026 à 11:02\u00a0: 12 appareils créés, 3 mis à jour.', exact, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.queryByText('Un import est en cours…')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why the last import failed, in French', async () => {
    signedIn();
    stubNetwork(({ url }) =>
      url === LAST
        ? {
            status: 200,
            body: {
              etat: 'echec',
              debut: '2026-11-24T10:00:00Z',
              fin: '2026-11-24T10:00:05Z',
              erreur: { message: MSG.importInventoryChanged },
            } satisfies InventoryImportLast,
          }
        : { status: 404, body: { message: MSG.routeNotFound } },
    );
    renderPage(<InventoryImport />);
    expect(await screen.findByText(`Dernier import le 24 novembre 2026 à 11:00\u00a0: ${MSG.importInventoryChanged}`, exact)).toBeTruthy();
  });

  it('says nothing of an import when the household never imported (204)', async () => {
    signedIn();
    const calls = stubNetwork(({ url }) =>
      url === LAST ? { status: 204, body: undefined } : { status: 404, body: { message: MSG.routeNotFound } },
    );
    renderPage(<InventoryImport />);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(LAST));
    expect(screen.getByRole('heading', { name: 'Importer des appareils' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('import-last')).toBeNull());
    expect(screen.queryByTestId('import-running')).toBeNull();
  });
});
