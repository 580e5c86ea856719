import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { ExternalFrame, FRAME_CHECK_TIMEOUT_MS } from './external-frame.tsx';

const SRC = 'https://partenaire.exemple/rdv?categorie=lavage';

function frame() {
  return renderPage(
    <ExternalFrame
      src={SRC}
      title="Prise de rendez-vous"
      height={700}
      what="le module de rendez-vous"
      site="le site du réparateur partenaire"
      linkLabel="Ouvrir le module de rendez-vous dans un nouvel onglet"
      testId="repair-widget"
    />,
  );
}

const link = () => screen.getByRole('link', { name: /Ouvrir le module de rendez-vous dans un nouvel onglet/ });

// happy-dom loads no frame and prints why on the process's own console, not the test's: only the
// check of the site matters here.
beforeEach(() => {
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) =>
    String(chunk).includes('Iframe page loading is disabled') ? true : write(chunk, ...rest)) as typeof process.stderr.write);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a third-party page in a frame', () => {
  it('shows the frame once its site answers, with the link to open it in a new tab under it', async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(null, { status: 200 });
    });
    frame();
    await waitFor(() => expect(screen.getByTestId('repair-widget').style.visibility).toBe('visible'));
    // A check that reads nothing and carries no cookie.
    expect(calls[0]).toMatchObject({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' });
    expect(link().getAttribute('href')).toBe(SRC);
    expect(link().getAttribute('target')).toBe('_blank');
    expect(screen.queryByText('Affichage impossible ici')).toBeNull();
  });

  it('replaces the frame by a message when its site is blocked, and asks again on « Réessayer »', async () => {
    let blocked = true;
    vi.stubGlobal('fetch', async () => {
      if (blocked) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    });
    frame();
    await screen.findByText('Affichage impossible ici');
    expect(screen.getByText(/Le module de rendez-vous n’a pas pu se charger depuis le site du réparateur partenaire/)).toBeTruthy();
    expect(screen.queryByTestId('repair-widget')).toBeNull();
    expect(link().getAttribute('href')).toBe(SRC);

    blocked = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByTestId('repair-widget').style.visibility).toBe('visible'));
  });

  it('gives up on a site that does not answer within a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    frame();
    expect(screen.getByTestId('repair-widget').style.visibility).toBe('hidden');
    await vi.advanceTimersByTimeAsync(FRAME_CHECK_TIMEOUT_MS);
    await screen.findByText('Affichage impossible ici');
    expect(screen.queryByTestId('repair-widget')).toBeNull();
  });

  it('says it is offline instead of showing a frame that cannot load, and comes back with the network', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    frame();
    window.dispatchEvent(new Event('offline'));
    await screen.findByText('Pas de connexion');
    expect(
      screen.getByText(/Le module de rendez-vous s’affiche depuis le site du réparateur partenaire, injoignable sans connexion/),
    ).toBeTruthy();
    expect(screen.queryByTestId('repair-widget')).toBeNull();
    expect(link().getAttribute('href')).toBe(SRC);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('repair-widget').style.visibility).toBe('visible'));
  });
});
