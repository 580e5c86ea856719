import { API_BASE, type Badge } from '@ecofoyer/contracts';
import { Notifications, notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage, stubNetwork } from '../../../test/render.tsx';
import { signedIn } from '../../../test/session.ts';
import { api } from '../../lib/api-client.ts';
import { EARNS_BADGES } from '../../lib/mutation-meta.ts';

const earned: Badge = {
  id: 7,
  dt_obtention: '2026-11-26T10:00:00.000Z',
  publicUuid: 'u',
  refbadge: { name: 'Premier diagnostic', description: 'd', pict: '/b.svg' },
  bonus: null,
};

/** A change made by some feature, which may earn a badge (marked) or not. */
function Change({ marked }: { marked: boolean }) {
  const change = useMutation({
    mutationFn: () => api(`${API_BASE}/profils/users/4/events`, { method: 'POST', body: { title: 'x' } }),
    meta: marked ? EARNS_BADGES : undefined,
  });
  return (
    <button type="button" onClick={() => change.mutate()}>
      {change.isSuccess ? 'Fait' : 'Enregistrer'}
    </button>
  );
}

describe('badges react to what happened', () => {
  // Mantine's toasts live in one store for the page.
  beforeEach(() => notifications.clean());

  it('announces the badge a marked change earned: the list read before the change, then after', async () => {
    signedIn();
    let listed = 0;
    const calls = stubNetwork((call) => {
      if (call.method === 'GET' && call.url.endsWith('/badges')) return { status: 200, body: listed++ === 0 ? [] : [earned] };
      return { status: call.method === 'GET' ? 200 : 201, body: call.method === 'GET' ? [] : { id: 1 } };
    });
    renderPage(
      <>
        <Notifications />
        <Change marked />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Nouveau badge !')).toBeTruthy();
    expect(screen.getByText('Premier diagnostic')).toBeTruthy();
    const order = calls
      .filter((c) => c.url.endsWith('/badges') || c.method === 'POST')
      .map((c) => `${c.method} ${c.url.split('/').at(-1)}`);
    expect(order).toEqual(['GET badges', 'POST events', 'GET badges']);
  });

  it('leaves an unmarked change alone: no badge list asked, no toast', async () => {
    signedIn();
    const calls = stubNetwork((call) => ({
      status: call.method === 'GET' ? 200 : 201,
      body: call.method === 'GET' ? [earned] : { id: 1 },
    }));
    renderPage(
      <>
        <Notifications />
        <Change marked={false} />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fait' })).toBeTruthy());
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(screen.queryByText('Nouveau badge !')).toBeNull();
  });
});
