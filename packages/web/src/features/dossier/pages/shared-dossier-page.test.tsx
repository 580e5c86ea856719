import { API_BASE, type DossierAppliance, MSG, type SharedDossier } from '@ecofoyer/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { setSessionLostHandler } from '../../../lib/api-client.ts';
import { SharedDossierPage } from './shared-dossier-page.tsx';

const appliance = (over: Partial<DossierAppliance>): DossierAppliance => ({
  id: 1,
  nom: 'Lave-linge Bosch',
  univers: 'Buanderie',
  type: 'Lave-linge',
  marque: 'Bosch',
  modele: 'Série 6',
  numeroSerie: 'WAU28PH9FF-123',
  dateAchat: '2024-03-12',
  prixAchat: 1234.5,
  vendeur: 'Boulanger',
  occasion: false,
  classeEnergie: 'A',
  garantie: 'Garantie légale jusqu’au 12 mars 2026',
  sousGarantie: false,
  photo: `${API_BASE}/partages/abc/appareils/1/photo`,
  facture: { nom: 'facture.pdf', url: `${API_BASE}/partages/abc/appareils/1/facture`, type: 'application/pdf' },
  ...over,
});
const dossier: SharedDossier = {
  foyer: 'Foyer de Claire',
  etabliLe: '2026-11-27T10:00:00Z',
  expireLe: '2026-12-04T10:00:00Z',
  nombre: 2,
  valeurTotale: 1234.5,
  prixConnus: 1,
  appareils: [
    appliance({}),
    appliance({
      id: 2,
      nom: 'Four Whirlpool',
      type: 'Four',
      marque: 'Whirlpool',
      modele: null,
      numeroSerie: null,
      dateAchat: null,
      prixAchat: null,
      vendeur: null,
      classeEnergie: null,
      photo: null,
      facture: null,
      garantie: 'Date d’achat inconnue',
    }),
  ],
};

const show = () =>
  renderPage(
    <Routes>
      <Route path="/partage/:jeton" element={<SharedDossierPage />} />
    </Routes>,
    '/partage/abc',
  );

describe('the public page of a read-only link', () => {
  it('shows the inventory, its total in French and each appliance, without sending a session', async () => {
    signedIn();
    const calls = stubNetwork(() => ({ status: 200, body: dossier }));
    const answer = globalThis.fetch;
    const sent: (HeadersInit | undefined)[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.headers);
      return answer(input, init);
    });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventaire du foyer de Claire' })).toBeTruthy();
    expect(screen.getByText('Partagé en lecture seule jusqu’au 4 décembre 2026.')).toBeTruthy();
    expect(screen.getByText('2 appareils')).toBeTruthy();
    expect(screen.getByText(/^Valeur d’achat totale :/).textContent).toBe(
      'Valeur d’achat totale : 1\u00a0234,50\u00a0€ (prix connu pour 1 appareil)',
    );
    const washer = screen.getByRole('article', { name: 'Lave-linge Bosch' });
    expect(within(washer).getByRole('img', { name: 'Photo : Lave-linge Bosch' }).getAttribute('src')).toBe(
      `${API_BASE}/partages/abc/appareils/1/photo`,
    );
    expect(within(washer).getByText('12 mars 2024')).toBeTruthy();
    expect(within(washer).getByText('WAU28PH9FF-123')).toBeTruthy();
    const invoice = within(washer).getByRole('link', { name: /^Voir la facture/ });
    expect([invoice.getAttribute('href'), invoice.getAttribute('target'), invoice.getAttribute('rel')]).toEqual([
      `${API_BASE}/partages/abc/appareils/1/facture`,
      '_blank',
      'noopener noreferrer',
    ]);
    const oven = screen.getByRole('article', { name: 'Four Whirlpool' });
    expect(within(oven).getByText('Pas de photo')).toBeTruthy();
    expect(within(oven).queryByRole('link')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([`${API_BASE}/partages/abc`]);
    // Signed in on this device, yet no bearer goes with the link's request.
    expect(sent).toEqual([{}]);
    expect(document.title).toBe('Inventaire partagé — EcoFoyer');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('says a revoked or expired link shows nothing any more, and leaves the session of this device alone', async () => {
    signedIn();
    const lost = vi.fn();
    setSessionLostHandler(lost);
    stubNetwork(() => ({ status: 410, body: { message: MSG.shareExpired } }));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.shareExpired);
    expect(screen.queryByRole('button', { name: MSG.retry })).toBeNull();
    expect(lost).not.toHaveBeenCalled();
    setSessionLostHandler(() => {});
  });

  it('titles a foyer without a name of its own neutrally, never with a member’s first name', async () => {
    stubNetwork(() => ({ status: 200, body: { ...dossier, foyer: null } }));
    show();
    expect(await screen.findByRole('heading', { level: 1, name: MSG.sharedInventoryTitle })).toBeTruthy();
  });

  it('says so when the inventory is empty', async () => {
    stubNetwork(() => ({ status: 200, body: { ...dossier, nombre: 0, valeurTotale: 0, prixConnus: 0, appareils: [] } }));
    show();
    expect(await screen.findByText('Aucun appareil dans cet inventaire.')).toBeTruthy();
    expect(screen.getByText('Valeur d’achat totale : aucun prix d’achat n’est renseigné.')).toBeTruthy();
  });
});
