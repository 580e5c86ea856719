import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { camillesFoyer } from '../../../../test/foyer.ts';
import { writersOnly } from './writers-only.tsx';

const foyer = camillesFoyer;

const Edit = writersOnly(
  () => <p>Le formulaire</p>,
  () => '/lire',
);
const routes = (
  <Routes>
    <Route path="/modifier" element={<Edit />} />
    <Route path="/lire" element={<p>La page à lire</p>} />
  </Routes>
);

describe('writersOnly: a write-only page by its address', () => {
  it('sends a lecteur to where the same thing is read, and shows a membre the form', async () => {
    signedIn();
    stubNetwork(({ url }) => (url.endsWith('/foyer') ? { status: 200, body: foyer('lecteur') } : { status: 404, body: {} }));
    renderPage(routes, '/modifier');
    expect(await screen.findByText('La page à lire')).toBeTruthy();
    expect(screen.queryByText('Le formulaire')).toBeNull();
  });

  it('shows the page when the household cannot be read, instead of a placeholder that waits forever', async () => {
    signedIn();
    stubNetwork(() => ({ status: 500, body: { message: 'Erreur du serveur' } }));
    renderPage(routes, '/modifier');
    expect(await screen.findByText('Le formulaire')).toBeTruthy();
  });
});
