import { AUTH_BASE, type Foyer, MSG } from '@ecofoyer/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Call, renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { AccountData } from './account-data.tsx';

// Camille (4) holds a household shared with Alex and Sam, a co-owner.
const foyer: Foyer = {
  id: 1,
  nom: 'Foyer Durand',
  responsable: 4,
  membres: [
    { userId: 4, prenom: 'Camille', role: 'proprietaire' },
    { userId: 5, prenom: 'Alex', role: 'membre' },
    { userId: 6, prenom: 'Sam', role: 'proprietaire' },
  ],
  invitations: [],
};

function LoginNotice() {
  return <p>{(useLocation().state as { notice: string }).notice}</p>;
}

const page = (
  <Routes>
    <Route path="/profil" element={<AccountData demo={false} />} />
    <Route path="/login" element={<LoginNotice />} />
  </Routes>
);

const network = (deletion: (call: Call) => { status: number; body: unknown }) =>
  stubNetwork((call) => (call.method === 'DELETE' ? deletion(call) : { status: 200, body: foyer }));

describe('« Supprimer mon compte », for the holder of a shared household', () => {
  it('leaves the household to the member chosen, with the password, then says the account is gone', async () => {
    signedIn(4);
    const calls = network(() => ({ status: 200, body: { message: MSG.accountDeleted } }));
    const user = userEvent.setup();
    renderPage(page, '/profil');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const heir = await screen.findByLabelText('Qui sera responsable du foyer ?');
    // The co-owner by default.
    expect((heir as HTMLSelectElement).value).toBe('6');
    expect(screen.getByText('« Foyer Durand » restera à Alex, Sam, et Sam en deviendra responsable.')).toBeTruthy();
    await user.selectOptions(heir, '5');
    expect(screen.getByText('« Foyer Durand » restera à Alex, Sam, et Alex en deviendra responsable.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Supprimer définitivement' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Ecofoyer@2026');
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));

    expect(await screen.findByText(MSG.accountDeleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `${AUTH_BASE}/user/4`, body: { currentPassword: 'Ecofoyer@2026', donnees: 'laisser', successeur: 5 } },
    ]);
  });

  it('deletes the household with the account when asked; a refusal is said in French and keeps the choice', async () => {
    signedIn(4);
    const calls = network(() => ({ status: 403, body: { message: MSG.currentPasswordWrong } }));
    const user = userEvent.setup();
    renderPage(page, '/profil');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.click(await screen.findByRole('radio', { name: /^Le supprimer avec mon compte/ }));
    expect(screen.queryByLabelText('Qui sera responsable du foyer ?')).toBeNull();
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Pas1!lebon');
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.currentPasswordWrong);
    expect((screen.getByRole('radio', { name: /^Le supprimer avec mon compte/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Mot de passe actuel/) as HTMLInputElement).value).toBe('Pas1!lebon');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { currentPassword: 'Pas1!lebon', donnees: 'supprimer' },
    ]);
  });
});
