import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { ProfilePage } from './profile-page.tsx';

describe('profile page', () => {
  it('is titled « Mon profil », with the one capitalisation the menus use', async () => {
    stubNetwork(() => ({ status: 200, body: {} }));
    signedIn();
    renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
  });
});
