import { AUTH_BASE, MSG } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';

const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/EcoFoyer', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
const codes = ['AAAA-BBBB-01', 'AAAA-BBBB-02'];

describe('« Double authentification » in the profile', () => {
  it('asks the password, then a 6-digit code it checks before sending, then shows the recovery codes', async () => {
    signedIn();
    const calls = stubNetwork((call) => {
      if (call.url.endsWith('/totp/setup')) return { status: 200, body: setup };
      if (call.url.endsWith('/totp/enable')) return { status: 200, body: { recoveryCodes: codes } };
      return { status: 200, body: { enabled: false, recoveryCodesLeft: 0 } };
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSettings demo={false} />);
    await user.click(await screen.findByRole('button', { name: 'Activer la double authentification' }));
    expect((screen.getByRole('button', { name: 'Continuer' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Ecofoyer@2026');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    const code = await screen.findByLabelText(/^Code à 6 chiffres/);
    await user.type(code, '12a456');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText('Le code fait 6 chiffres.')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/totp/enable'))).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText(MSG.totpEnabled)).toBeTruthy();
    expect(screen.getByText('AAAA-BBBB-01')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${AUTH_BASE}/totp/setup`, body: { currentPassword: 'Ecofoyer@2026' } },
      { method: 'POST', url: `${AUTH_BASE}/totp/enable`, body: { code: '123456' } },
    ]);
  });

  it('turns it off with the password and a recovery code; a refusal is said in French and keeps what was typed', async () => {
    signedIn();
    let refuse = true;
    const calls = stubNetwork((call) => {
      if (call.url.endsWith('/totp/disable'))
        return refuse
          ? { status: 400, body: { message: MSG.totpSecondFactorWrong } }
          : { status: 200, body: { message: MSG.totpDisabled } };
      return { status: 200, body: { enabled: true, recoveryCodesLeft: 2 } };
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorSettings demo={false} />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver la double authentification' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Ecofoyer@2026');
    expect((screen.getByRole('button', { name: 'Désactiver' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Code à 6 chiffres ou code de secours/), ' AAAA-BBBB-01 ');
    await user.click(screen.getByRole('button', { name: 'Désactiver' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.totpSecondFactorWrong);
    expect((screen.getByLabelText(/^Code à 6 chiffres ou code de secours/) as HTMLInputElement).value).toBe(' AAAA-BBBB-01 ');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText(MSG.totpDisabled)).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const sent = calls.filter((c) => c.url.endsWith('/totp/disable'));
    expect(sent.map((c) => c.body)).toEqual([
      { currentPassword: 'Ecofoyer@2026', recoveryCode: 'AAAA-BBBB-01' },
      { currentPassword: 'Ecofoyer@2026', recoveryCode: 'AAAA-BBBB-01' },
    ]);
  });
});
