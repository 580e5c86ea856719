import { AUTH_BASE, MSG, validateRegistration } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

const fill = async (user: ReturnType<typeof userEvent.setup>, password = 'Ecofoyer@2026') => {
  await user.type(screen.getByLabelText(/Prénom/), 'Camille');
  await user.type(screen.getByLabelText(/^Nom/), 'Durand');
  await user.type(screen.getByLabelText(/Email/), '  camille@example.fr ');
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.type(screen.getByLabelText(/Confirm/), password);
};

describe('registration form (product §2, §3)', () => {
  it('shows the French rules on an empty form and sends nothing', async () => {
    const calls = stubNetwork(() => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    // The same rules as the server's, from the contracts.
    const expected = validateRegistration({ firstname: '', lastname: '', email: '', password: '', confirmPassword: '' });
    expect(expected.length).toBeGreaterThanOrEqual(4);
    for (const { message } of expected) expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('sends the spec payload (email as username, freemium) and then shows the server message', async () => {
    const calls = stubNetwork(() => ({ status: 200, body: { message: 'Utilisateur enregistré avec succès !' } }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register');
    await fill(user);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Utilisateur enregistré avec succès !')).toBeTruthy();
    expect(calls).toEqual([
      {
        url: `${AUTH_BASE}/signup`,
        method: 'POST',
        body: {
          firstname: 'Camille',
          lastname: 'Durand',
          email: 'camille@example.fr',
          password: 'Ecofoyer@2026',
          username: 'camille@example.fr',
          adresse: null,
          telephone: null,
          role: ['freemium'],
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it('shows the server’s refusal in an alert and keeps what was typed', async () => {
    stubNetwork(() => ({ status: 400, body: { message: MSG.accountTaken } }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register');
    await fill(user);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MSG.accountTaken));
    expect((screen.getByLabelText(/Prénom/) as HTMLInputElement).value).toBe('Camille');
  });
});
