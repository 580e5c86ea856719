import { AUTH_BASE, validateLogin } from '@ecofoyer/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { SIGNED_IN } from '../../../../test/session.ts';
import { LoginPage } from './login-page.tsx';

const page = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/home" element={<p>Page d’accueil</p>} />
    <Route path="/welcome" element={<p>Bienvenue</p>} />
  </Routes>
);

describe('sign-in form (product §2, §5)', () => {
  it('shows the spec’s messages on an empty form and sends nothing', async () => {
    const calls = stubNetwork(() => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    renderPage(page, '/login');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    for (const { message } of validateLogin({ email: '', password: '' })) expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('checks each field with the shared rules (validateLogin), in French, and signs in once the form is valid', async () => {
    const signedIn = SIGNED_IN;
    const calls = stubNetwork(() => ({ status: 200, body: signedIn }));
    const user = userEvent.setup();
    renderPage(page, '/login');
    const email = screen.getByLabelText(/Email/);
    const password = screen.getByLabelText(/^Mot de passe/);
    // No address, a password of spaces only: product §5's two messages, nothing sent.
    await user.type(password, '   ');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('* Email est obligatoire')).toBeTruthy();
    expect(screen.getByText('Ce champ est requis !')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    // A field's message goes as soon as it changes; the other one stays until the next submit.
    await user.type(email, 'camille@example.fr');
    expect(screen.queryByText('* Email est obligatoire')).toBeNull();
    expect(screen.getByText('Ce champ est requis !')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'Ecofoyer@2026');
    await user.click(screen.getByLabelText('Se souvenir de moi'));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Page d’accueil')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([`${AUTH_BASE}/signin`]);
    expect(calls[0]!.body).toMatchObject({ username: 'camille@example.fr', password: 'Ecofoyer@2026' });
    // « Se souvenir de moi » ticked: the session is kept in localStorage, beyond this browser session.
    expect(localStorage.getItem('user')).toContain('camille@example.fr');
  });

  it('fills in the address the sign-up page handed over', async () => {
    stubNetwork(() => ({ status: 500, body: {} }));
    renderPage(
      <Routes>
        <Route path="/register" element={<Navigate to="/login" replace state={{ email: 'camille@example.fr' }} />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      '/register',
    );
    expect(((await screen.findByLabelText(/Email/)) as HTMLInputElement).value).toBe('camille@example.fr');
  });

  it('says why a sign-in failed, with the server’s words, and stays on the page', async () => {
    stubNetwork(() => ({ status: 401, body: { message: 'Email ou mot de passe incorrect.' } }));
    const user = userEvent.setup();
    renderPage(page, '/login');
    await user.type(screen.getByLabelText(/Email/), 'camille@example.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    const alert = await screen.findByRole('alert');
    // One message, the server's: no generic title above it.
    expect(alert.textContent).toBe('Email ou mot de passe incorrect.');
    // Ticking « Se souvenir de moi » keeps the refusal; changing the password removes it.
    await user.click(screen.getByLabelText('Se souvenir de moi'));
    expect(screen.getByRole('alert')).toBe(alert);
    await user.type(screen.getByLabelText(/^Mot de passe/), '2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the authenticator code when the account has two-factor sign-in, then enters the app', async () => {
    const calls = stubNetwork((call) =>
      call.url.endsWith('/signin')
        ? { status: 200, body: { totpRequired: true, challenge: 'défi-1' } }
        : {
            status: 200,
            body: SIGNED_IN,
          },
    );
    const user = userEvent.setup();
    renderPage(page, '/login');
    await user.type(screen.getByLabelText(/Email/), ' camille@example.fr ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Ecofoyer@2026');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await user.type(await screen.findByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(screen.getByRole('button', { name: /Valider|Vérifier|Continuer/i }));
    expect(await screen.findByText('Page d’accueil')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([`${AUTH_BASE}/signin`, `${AUTH_BASE}/signin/totp`]);
    expect(calls[0]!.body).toMatchObject({ username: 'camille@example.fr', password: 'Ecofoyer@2026' });
    expect(calls[1]!.body).toMatchObject({ challenge: 'défi-1', code: '123456' });
  });

  it('goes back after signing in to the page the guard sent here from (a scanned label), never to another site', async () => {
    const user = SIGNED_IN;
    for (const [from, lands] of [
      ['/a/abcdefghjk', 'Étiquette scannée'],
      ['//exemple.invalid/a/abcdefghjk', 'Page d’accueil'],
      ['/\\exemple.invalid', 'Page d’accueil'],
    ] as const) {
      stubNetwork(() => ({ status: 200, body: user }));
      const ui = userEvent.setup();
      const view = renderPage(
        <Routes>
          <Route path="/guarded" element={<Navigate to="/login" replace state={{ from }} />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/a/:code" element={<p>Étiquette scannée</p>} />
          <Route path="/home" element={<p>Page d’accueil</p>} />
          <Route path="*" element={<p>Ailleurs</p>} />
        </Routes>,
        '/guarded',
      );
      await ui.type(screen.getByLabelText(/Email/), 'camille@example.fr');
      await ui.type(screen.getByLabelText(/^Mot de passe/), 'Ecofoyer@2026');
      await ui.click(screen.getByRole('button', { name: 'Valider' }));
      expect(await screen.findByText(lands), from).toBeTruthy();
      view.unmount();
    }
  });
});
