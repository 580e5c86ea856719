import { API_BASE, MSG, type RefProduct, type RefUniverse, type Universe } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, renderPage, stubNetwork } from '../../../../test/render.tsx';
import { anAppliance } from '../../../../test/appliance.ts';
import { signedIn } from '../../../../test/session.ts';
import { NewDevicePage } from './new-device-page.tsx';

const laundry: Universe = {
  univer_id: 3,
  refuniver_id: 2,
  name: 'Buanderie',
  description: 'Lavage et séchage',
  image: null,
  nbAppliance: 0,
  text: '0 appareil',
};
const rooms: RefUniverse[] = [{ id: 2, slug: 'buanderie', name: 'Buanderie', description: '', image: '/ref/universes/buanderie.svg' }];
const products: RefProduct[] = [
  {
    id: 11,
    slug: 'lave-linge',
    prodName: 'Lave-linge',
    pict: '/ref/products/lave-linge.svg',
    universeSlug: 'buanderie',
    carbonSlug: 'lave-linge',
    repairBonusTypes: ['Lave-linge'],
  },
];

const created = anAppliance({ id: 21, name: 'Lave-linge Bosch' });

const references = () =>
  stubNetwork((call) => {
    if (call.url.endsWith('/foyers/univers')) return { status: 200, body: [laundry] };
    if (call.url.endsWith('/references/refproducts')) return { status: 200, body: products };
    if (call.url.endsWith('/references/refunivers')) return { status: 200, body: rooms };
    if (call.url.endsWith('/badges')) return { status: 200, body: [] };
    return { status: 404, body: { message: 'inconnu' } };
  });

/**
 * The appliance goes up as multipart with its progress (lib/upload.ts, XMLHttpRequest): each request is
 * recorded with its `data` part parsed, and answered by `answer`.
 */
function stubUploads(answer: (call: Call) => { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: unknown } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onprogress: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      const data = body.get('data');
      const call = { url: this.url, method: this.method, body: typeof data === 'string' ? JSON.parse(data) : data };
      calls.push(call);
      const reply = answer(call);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return calls;
}

const CREATE_URL = `${API_BASE}/profils/users/4/foyers/univers/3/appliances`;

/** From the product list (« Lave-linge »), into the laundry, to the manual form. */
async function toManualForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /Buanderie/ }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.click(await screen.findByRole('button', { name: 'Saisir à la main' }));
}

describe('new-device wizard (product §4, §5): the server’s rules, checked before sending', () => {
  // Every stubbed answer is checked against its contract in development (lib/api-client.ts): none may differ.
  const offContract = vi.spyOn(console, 'error');
  afterEach(() => expect(offContract.mock.calls.filter(([m]) => String(m).startsWith('Réponse hors contrat'))).toEqual([]));

  it('asks for the product type, then the brand and model, in French, and sends nothing', async () => {
    signedIn();
    references();
    const uploads = stubUploads(() => ({ status: 201, body: created }));
    const user = userEvent.setup();
    renderPage(<NewDevicePage />, '/new-device');
    await user.click(await screen.findByRole('radio', { name: /Buanderie/ }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Saisir à la main' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.productTypeRequired);

    // Choosing a type takes the message away: it no longer holds.
    await user.type(screen.getByRole('combobox', { name: /Type de produit/ }), 'lave linge');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Saisir à la main' }));
    await user.type(screen.getByLabelText(/^Marque/), '   ');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.requiredFieldsMissing);
    // Still on « Détails »: the confirmation is not reached.
    expect(screen.queryByRole('button', { name: 'Confirmer l’ajout' })).toBeNull();

    await user.type(screen.getByLabelText(/^Modèle/), 'Série 6');
    await user.clear(screen.getByLabelText(/^Marque/));
    await user.type(screen.getByLabelText(/^Marque/), 'Bosch');
    await user.click(screen.getByText('Achat et garanties (facultatif) : pour connaître vos droits'));
    await user.type(screen.getByLabelText(/^Prix d’achat/), '12,5x');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.priceInvalid);
    expect(uploads).toHaveLength(0);
  });

  it('asks for a photo of the rating plate before searching by image, and sends nothing', async () => {
    signedIn();
    const calls = references();
    const user = userEvent.setup();
    const view = renderPage(<NewDevicePage />, '/new-device?prod=11');
    await user.click(await screen.findByRole('radio', { name: /Buanderie/ }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Rechercher par image' }));
    await user.click(screen.getByRole('button', { name: 'Lancer la recherche' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.imageSearchPhotoRequired);
    // A photo chosen takes the message away.
    await user.upload(view.container.querySelector('input[type="file"]')!, new File(['x'], 'plaque.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps what was typed when going back and forward', async () => {
    signedIn();
    references();
    stubUploads(() => ({ status: 201, body: created }));
    const user = userEvent.setup();
    renderPage(<NewDevicePage />, '/new-device?prod=11');
    await toManualForm(user);
    await user.type(screen.getByLabelText(/^Marque/), 'Bosch');
    await user.type(screen.getByLabelText(/^Modèle/), 'Série 6');
    await user.type(screen.getByLabelText(/^Note/), 'Filtre à nettoyer');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Vérifiez les informations')).toBeTruthy();
    expect(screen.getByText('Filtre à nettoyer')).toBeTruthy();

    // Back to the form, back to the choice of how to add, back to the universes, then forward again.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect((screen.getByLabelText(/^Marque/) as HTMLInputElement).value).toBe('Bosch');
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByText('Dans quel univers se trouve votre appareil ?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Saisir à la main' }));
    expect((screen.getByLabelText(/^Marque/) as HTMLInputElement).value).toBe('Bosch');
    expect((screen.getByLabelText(/^Modèle/) as HTMLInputElement).value).toBe('Série 6');
    expect((screen.getByLabelText(/^Note/) as HTMLTextAreaElement).value).toBe('Filtre à nettoyer');
    expect((screen.getByRole('combobox', { name: /Type de produit/ }) as HTMLInputElement).value).toBe('Lave-linge');
  });

  it('sends the appliance once, as the server expects it, then says it is added', async () => {
    signedIn();
    references();
    const uploads = stubUploads(() => ({ status: 201, body: created }));
    const user = userEvent.setup();
    renderPage(<NewDevicePage />, '/new-device?prod=11');
    await toManualForm(user);
    await user.type(screen.getByLabelText(/^Marque/), 'Bosch');
    await user.type(screen.getByLabelText(/^Modèle/), 'Série 6');
    await user.type(screen.getByLabelText(/^Consommation/), '152,5');
    await user.click(screen.getByText('Achat et garanties (facultatif) : pour connaître vos droits'));
    await user.type(screen.getByLabelText(/^Vendeur/), 'Darty Nantes');
    await user.type(screen.getByLabelText(/^Prix d’achat/), '399,00');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(MSG.unknownDate)).toBeTruthy();
    expect(screen.getByText('399,00 €')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmer l’ajout' }));

    expect(await screen.findByText(MSG.deviceAdded)).toBeTruthy();
    expect(screen.getByText('Bravo ! Lave-linge Bosch a rejoint votre inventaire.')).toBeTruthy();
    expect(uploads).toEqual([
      {
        method: 'POST',
        url: CREATE_URL,
        body: {
          prod_id: 11,
          marque: 'Bosch',
          modele: 'Série 6',
          dt_achat: null,
          facture: null,
          note: null,
          vendeur: 'Darty Nantes',
          prix_achat: '399,00',
          numero_serie: null,
          dt_livraison: null,
          occasion: false,
          garantie_commerciale_fin: null,
          classenergie: null,
          energy_kwh_year: '152,5',
          eprel_number: null,
          ean: null,
          dt_creation: expect.any(String),
        },
      },
    ]);
  });

  it('shows the server’s refusal in French and keeps what was typed', async () => {
    signedIn();
    references();
    const uploads = stubUploads(() => ({ status: 400, body: { code: 'VALIDATION', message: MSG.productUnknown } }));
    const user = userEvent.setup();
    renderPage(<NewDevicePage />, '/new-device?prod=11');
    await toManualForm(user);
    await user.type(screen.getByLabelText(/^Marque/), 'Bosch');
    await user.type(screen.getByLabelText(/^Modèle/), 'Série 6');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer l’ajout' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.productUnknown);
    expect(uploads).toHaveLength(1);
    expect(screen.queryByText(MSG.deviceAdded)).toBeNull();
    expect(screen.getByText('Série 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect((screen.getByLabelText(/^Marque/) as HTMLInputElement).value).toBe('Bosch');
    expect((screen.getByLabelText(/^Modèle/) as HTMLInputElement).value).toBe('Série 6');
  });
});
