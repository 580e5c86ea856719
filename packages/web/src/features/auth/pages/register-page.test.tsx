import { AUTH_BASE, MSG, validateRegistration } from '@ecofoyer/contracts';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AS_SHOWN, renderPage, stubNetwork } from '../../../../test/render.tsx';
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
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));
    // The same rules as the server's, from the contracts.
    const expected = validateRegistration({ firstname: '', lastname: '', email: '', password: '', confirmPassword: '' });
    expect(expected.length).toBeGreaterThanOrEqual(4);
    for (const { message } of expected) expect(await screen.findAllByText(message, AS_SHOWN)).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('sends the spec payload (email as username, freemium) and then shows the server message', async () => {
    const calls = stubNetwork(() => ({ status: 200, body: { message: 'Utilisateur enregistré avec succès !' } }));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));
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
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MSG.accountTaken));
    expect((screen.getByLabelText(/Prénom/) as HTMLInputElement).value).toBe('Camille');
  });

  it('starts with the invited address when opened from a household invitation, and says when another address is typed', async () => {
    localStorage.setItem('ecofoyer.invitation', 'jeton-secret');
    const calls = stubNetwork(({ url }) =>
      url.endsWith('/api/V1/foyer/invitations/jeton-secret')
        ? {
            status: 200,
            body: {
              nom: 'Foyer de Claire',
              invitePar: 'Claire',
              role: 'membre',
              expire: '2026-12-01T10:00:00.000Z',
              pour: 'l•••@exemple.fr',
              email: 'lea@exemple.fr',
            },
          }
        : { status: 500, body: {} },
    );
    // Kept as written: the non-breaking spaces of French typography are part of what is checked.
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register');
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('lea@exemple.fr'));
    expect(screen.getByText('Créez votre compte gratuit pour rejoindre le foyer «\u00a0Foyer de Claire\u00a0».', exact)).toBeTruthy();
    expect(screen.getByText('C’est l’adresse de votre invitation\u00a0: elle s’ouvrira avec ce compte.', exact)).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'autre@exemple.fr');
    expect(
      screen.getByText('L’invitation est pour lea@exemple.fr\u00a0: elle ne s’ouvrira qu’avec un compte à cette adresse.', exact),
    ).toBeTruthy();
    // Emptied, the field stays empty: the address is offered once, not forced back.
    await user.clear(email);
    expect(email.value).toBe('');
    expect(calls.map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/V1\/foyer\/invitations\/jeton-secret$/)]);
  });
});
