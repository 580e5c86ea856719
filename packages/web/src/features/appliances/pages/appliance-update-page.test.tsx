import { API_BASE, MSG } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AS_SHOWN, renderPage, stubNetwork } from '../../../../test/render.tsx';
import { anAppliance } from '../../../../test/appliance.ts';
import { signedIn } from '../../../../test/session.ts';
import { ApplianceUpdatePage } from './appliance-update-page.tsx';

const washer = anAppliance({ modele: 'Serie 4', dt_achat: '2024-03-01', dt_creation: '2024-03-02T10:00:00.000Z', classenergie: 'B' });

const network = () =>
  stubNetwork((call) => {
    if (call.method === 'PUT') return { status: 200, body: { ...washer, ...(call.body as object), prix_achat: 549.9 } };
    if (call.url.endsWith('/appliances/7')) return { status: 200, body: washer };
    if (call.url.includes('/references/refproducts'))
      return {
        status: 200,
        body: [
          {
            id: 11,
            slug: 'lave-linge',
            prodName: 'Lave-linge',
            pict: '/ref/products/lave-linge.svg',
            universeSlug: 'buanderie',
            carbonSlug: 'lave-linge',
            repairBonusTypes: ['Lave-linge'],
          },
        ],
      };
    if (call.url.endsWith('/foyers/univers')) return { status: 200, body: [] };
    return { status: 404, body: { message: 'inconnu' } };
  });

describe('appliance update form (product §2): the contract’s schema checks it, as the server does', () => {
  // Every stubbed answer is checked against its contract in development (lib/api-client.ts): none may differ.
  const offContract = vi.spyOn(console, 'error');
  afterEach(() => expect(offContract.mock.calls.filter(([m]) => String(m).startsWith('Réponse hors contrat'))).toEqual([]));

  it('refuses an empty brand and a price that is not one, in French, and sends nothing', async () => {
    signedIn();
    const calls = network();
    const user = userEvent.setup();
    renderPage(<ApplianceUpdatePage />, '/inventaire/univers/appliance/update?id=7');
    const brand = await screen.findByLabelText(/^Marque/);
    await user.clear(brand);
    await user.type(screen.getByLabelText(/Prix d’achat/), '12,5x');
    await user.type(screen.getByLabelText(/^Consommation \(kWh\/an\)/), '20000');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(MSG.requiredFieldsMissing, AS_SHOWN)).toBeTruthy();
    expect(screen.getByText(MSG.priceInvalid, AS_SHOWN)).toBeTruthy();
    expect(screen.getByText(MSG.energyKwhInvalid, AS_SHOWN)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // The focus goes to the first field in error: on a phone it is 1,000 px above the button.
    await waitFor(() => expect(document.activeElement).toBe(brand));
  });

  it('says the outcome beside « Confirmer » (not at the top of the form), and a refusal takes the focus', async () => {
    signedIn();
    let refuse = false;
    stubNetwork((call) => {
      if (call.method === 'PUT')
        return refuse
          ? { status: 404, body: { message: 'Cet appareil n’existe plus.' } }
          : { status: 200, body: { ...washer, ...(call.body as object), prix_achat: null } };
      if (call.url.endsWith('/appliances/7')) return { status: 200, body: washer };
      if (call.url.includes('/references/refproducts')) return { status: 200, body: [] };
      if (call.url.endsWith('/foyers/univers')) return { status: 200, body: [] };
      return { status: 404, body: { message: 'inconnu' } };
    });
    const user = userEvent.setup();
    renderPage(<ApplianceUpdatePage />, '/inventaire/univers/appliance/update?id=7');
    const confirm = await screen.findByRole('button', { name: 'Confirmer' });
    const lastField = screen.getByLabelText('Note de panne');
    await user.click(confirm);
    const saved = await screen.findByRole('status');
    expect(saved.textContent).toContain(MSG.applianceUpdated('Lave-linge'));
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(lastField, saved) && follows(saved, confirm)).toBe(true);

    refuse = true;
    await user.click(confirm);
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Cet appareil n’existe plus.');
    expect(follows(lastField, refusal) && follows(refusal, confirm)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the French price as typed and the other fields as the server expects, then says it is saved', async () => {
    signedIn();
    const calls = network();
    const user = userEvent.setup();
    renderPage(<ApplianceUpdatePage />, '/inventaire/univers/appliance/update?id=7');
    await user.type(await screen.findByLabelText(/Prix d’achat/), '549,90');
    await user.type(screen.getByLabelText(/^Vendeur/), 'Darty');
    // The yearly consumption, typed as read on the energy label.
    await user.type(screen.getByLabelText(/^Consommation \(kWh\/an\)/), '152,5');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(MSG.applianceUpdated('Lave-linge'), AS_SHOWN)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`${API_BASE}/profils/users/foyers/univers/appliances/7/text`);
    expect(put.body).toMatchObject({
      name: 'Lave-linge',
      marque: 'Bosch',
      modele: 'Serie 4',
      prod_id: 11,
      univer_id: 3,
      prix_achat: '549,90',
      vendeur: 'Darty',
      dt_livraison: null,
      occasion: false,
      energy_kwh_year: '152,5',
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
