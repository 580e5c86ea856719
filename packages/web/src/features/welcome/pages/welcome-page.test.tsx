import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render.tsx';
import { WelcomePage } from './welcome-page.tsx';

const page = (
  <Routes>
    <Route path="/welcome/:step?" element={<WelcomePage />} />
    <Route path="/home" element={<p>Page d’accueil</p>} />
  </Routes>
);

describe('onboarding slides (product §2)', () => {
  it('goes on with « Suivant », and the last slide’s button says « Commencer » and opens the app', async () => {
    const user = userEvent.setup();
    renderPage(page, '/welcome');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { name: 'Suivez l’assistant, réparez facilement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(await screen.findByText('Page d’accueil')).toBeTruthy();
  });
});
