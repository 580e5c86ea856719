import { API_BASE, type Appliance, type FoyerRole, type Label, MSG } from '@ecofoyer/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { anAppliance } from '../../../../test/appliance.ts';
import { signedIn } from '../../../../test/session.ts';
import { camillesFoyer } from '../../../../test/foyer.ts';
import { LabelsPage } from './labels-page.tsx';

const BASE = `${API_BASE}/profils/users/4`;
const appliance = (id: number, name: string) =>
  anAppliance({ id, univer_name: 'Cuisine', prod_name: 'Four', name, modele: 'X', dt_creation: '2026-11-02T10:00:00.000Z', product: null });
const label = (applianceId: number, nom: string, code: string): Label => ({
  code,
  applianceId,
  nom,
  url: `http://localhost/a/${code}`,
  creeLe: '2026-11-20T10:00:00.000Z',
});
const foyer = camillesFoyer;

function network(role: FoyerRole, appliances: Appliance[] = [appliance(1, 'Four'), appliance(2, 'Bouilloire')]) {
  let labels = [label(1, 'Four', 'abcdefghjk')];
  return stubNetwork(({ url, method, body }) => {
    if (url === `${BASE}/foyer`) return { status: 200, body: foyer(role) };
    if (url === `${BASE}/appliances`) return { status: 200, body: appliances };
    if (url === `${BASE}/etiquettes` && method === 'POST') {
      const ids = (body as { applianceIds: number[] }).applianceIds;
      const made = ids.map(
        (id) => labels.find((l) => l.applianceId === id) ?? label(id, appliances.find((a) => a.id === id)!.name, 'mnpqrstuvw'),
      );
      labels = [...labels.filter((l) => !ids.includes(l.applianceId)), ...made];
      return { status: 200, body: made };
    }
    if (url === `${BASE}/etiquettes`) return { status: 200, body: labels };
    if (url === `${BASE}/etiquettes/abcdefghjk` && method === 'DELETE') {
      labels = labels.filter((l) => l.code !== 'abcdefghjk');
      return { status: 204, body: null };
    }
    return { status: 404, body: { message: MSG.routeNotFound } };
  });
}

describe('« Étiquettes QR »', () => {
  it('asks to choose, then creates the missing labels and prints the sheet of those chosen, their codes drawn', async () => {
    signedIn();
    const calls = network('proprietaire');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderPage(<LabelsPage />, '/etiquettes');

    await user.click(await screen.findByRole('button', { name: 'Imprimer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.labelChooseAppliance);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    expect(screen.getByText('2 choisis sur 2')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Aperçu' })).getByRole('img', { name: 'Planche 1 sur 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Imprimer' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ applianceIds: [1, 2] });
    const printed = screen.getByTestId('print-sheets');
    expect(within(printed).getByText('Code : abcdefghjk')).toBeTruthy();
    expect(within(printed).getByText('Code : mnpqrstuvw')).toBeTruthy();
    expect(printed.querySelectorAll('svg path')).toHaveLength(2);
  });

  it('revokes a label after confirmation', async () => {
    signedIn();
    const calls = network('membre');
    const user = userEvent.setup();
    renderPage(<LabelsPage />, '/etiquettes');
    await user.click(await screen.findByRole('button', { name: 'Révoquer l’étiquette de Four' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer l’étiquette ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Révoquer l’étiquette de Four' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${BASE}/etiquettes/abcdefghjk`]);
  });

  it('lets a lecteur see the labels and their sheet, without the buttons that write', async () => {
    signedIn();
    network('lecteur');
    const user = userEvent.setup();
    renderPage(<LabelsPage />, '/etiquettes');
    await user.click(await screen.findByRole('checkbox', { name: /Four/ }));
    expect(await screen.findByText(/Un membre ou un propriétaire du foyer imprime les étiquettes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Imprimer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Télécharger le PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Révoquer/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Aperçu' })).getByRole('img', { name: 'Planche 1 sur 1' })).toBeTruthy();
  });

  it('says when the inventory is empty', async () => {
    signedIn();
    network('proprietaire', []);
    renderPage(<LabelsPage />, '/etiquettes');
    expect(await screen.findByText('Aucun appareil dans votre inventaire.')).toBeTruthy();
  });
});
