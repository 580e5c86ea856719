import { API_BASE, type DossierJob, MSG } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { camillesFoyer } from '../../../../test/foyer.ts';
import { DossierCard } from './dossier-card.tsx';

const BASE = `${API_BASE}/profils/users/4`;
const job = (over: Partial<DossierJob>): DossierJob => ({
  id: 'd1',
  statut: 'en-cours',
  fait: 0,
  total: 500,
  factures: false,
  taille: null,
  demandeLe: '2026-12-04T13:32:00Z',
  message: null,
  ...over,
});
const foyer = camillesFoyer;

describe('« Dossier d’inventaire » in the profile', () => {
  it('shows the dossier still being built after a reload, follows its progress, then offers it with its size in French', async () => {
    signedIn();
    let polls = 0;
    stubNetwork(({ url }) => {
      if (url === `${BASE}/foyer`) return { status: 200, body: foyer('proprietaire') };
      if (url === `${BASE}/dossier`) return { status: 200, body: [job({ fait: 120 })] };
      if (url === `${BASE}/dossier/partages`) return { status: 200, body: [] };
      if (url === `${BASE}/dossier/d1`) {
        polls += 1;
        return {
          status: 200,
          body: polls === 1 ? job({ fait: 120 }) : job({ statut: 'pret', fait: 500, taille: Math.round(2.4 * 1024 * 1024) }),
        };
      }
      return { status: 404, body: { message: MSG.routeNotFound } };
    });
    renderPage(<DossierCard />);
    expect(await screen.findByText('Préparation du dossier… 120 / 500 appareils')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Préparation du dossier' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['120', '500']);
    expect(screen.getByRole('status').textContent).toBe('Préparation du dossier… 120 / 500 appareils');
    // No second dossier can be asked for while one is being built.
    expect(screen.queryByRole('button', { name: 'Créer le dossier (PDF)' })).toBeNull();

    await waitFor(() => expect(screen.getByText('Votre dossier est prêt')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByText(/^PDF de 2,4 Mo, créé le 4 décembre 2026 à 14:32/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger le dossier' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const polled = polls;
    await new Promise((r) => setTimeout(r, 1500));
    expect(polls).toBe(polled);
  });

  it('says why a dossier failed and builds it again, invoices included as before, on « Réessayer »', async () => {
    signedIn();
    const calls = stubNetwork(({ url, method }) => {
      if (url === `${BASE}/foyer`) return { status: 200, body: foyer('membre') };
      if (url === `${BASE}/dossier` && method === 'GET')
        return { status: 200, body: [job({ statut: 'echec', factures: true, message: MSG.dossierInterrupted })] };
      if (url === `${BASE}/dossier` && method === 'POST') return { status: 202, body: job({ id: 'd2', factures: true }) };
      if (url === `${BASE}/dossier/partages`) return { status: 200, body: [] };
      if (url === `${BASE}/dossier/d2`) return { status: 200, body: job({ id: 'd2', factures: true }) };
      return { status: 404, body: { message: MSG.routeNotFound } };
    });
    const user = userEvent.setup();
    renderPage(<DossierCard />);
    expect(await screen.findByText(MSG.dossierInterrupted)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MSG.retry }));
    expect(await screen.findByText('Préparation du dossier… 0 / 500 appareils')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ url: `${BASE}/dossier`, method: 'POST', body: { factures: true } }]);
  });

  it('lets a lecteur create the dossier but not share the inventory', async () => {
    signedIn();
    const calls = stubNetwork(({ url }) => {
      if (url === `${BASE}/foyer`) return { status: 200, body: foyer('lecteur') };
      if (url === `${BASE}/dossier`) return { status: 200, body: [] };
      return { status: 404, body: { message: MSG.routeNotFound } };
    });
    renderPage(<DossierCard />);
    expect(await screen.findByRole('button', { name: 'Créer le dossier (PDF)' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}/foyer`)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Partager en lecture seule')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Créer un lien' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/dossier/partages'))).toBe(false);
  });

  it('creates a 7-day link by default and lists it with its expiry in French', async () => {
    signedIn();
    const share = {
      id: 's1',
      lien: 'http://localhost/partage/abc',
      jours: 7,
      creeLe: '2026-11-27T10:00:00Z',
      expireLe: '2026-12-04T10:00:00Z',
    };
    let created = false;
    const calls = stubNetwork(({ url, method }) => {
      if (url === `${BASE}/foyer`) return { status: 200, body: foyer('proprietaire') };
      if (url === `${BASE}/dossier`) return { status: 200, body: [] };
      if (url === `${BASE}/dossier/partages` && method === 'POST') {
        created = true;
        return { status: 201, body: share };
      }
      if (url === `${BASE}/dossier/partages`) return { status: 200, body: created ? [share] : [] };
      return { status: 404, body: { message: MSG.routeNotFound } };
    });
    const user = userEvent.setup();
    renderPage(<DossierCard />);
    expect(await screen.findByText('Aucun lien actif.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer un lien' }));
    expect(await screen.findByText('Lien créé, valable jusqu’au 4 décembre 2026')).toBeTruthy();
    expect((screen.getByLabelText('Lien à envoyer') as HTMLInputElement).value).toBe(share.lien);
    expect(await screen.findByText('Lien de 7 jours, expire le 4 décembre 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Révoquer le lien qui expire le 4 décembre 2026' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ url: `${BASE}/dossier/partages`, method: 'POST', body: { jours: 7 } }]);
  });
});
