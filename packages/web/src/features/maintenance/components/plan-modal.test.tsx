import { API_BASE, type MaintenanceCard } from '@ecofoyer/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubNetwork } from '../../../../test/render.tsx';
import { signedIn } from '../../../../test/session.ts';
import { localDayKey, plannedAt } from '../../events/api/events.ts';
import { dayFr } from '../maintenance-event.ts';
import { PlanModal } from './plan-modal.tsx';

const card: MaintenanceCard = {
  id: 12,
  productId: 11,
  title: 'Nettoyer le filtre de vidange',
  pict: '/p.svg',
  duration: 15,
  frequency: 90,
  level: 'Facile',
  waitMinutes: null,
  season: null,
  steplist: [],
  agentlist: [],
};

describe('planning a maintenance (product §2, planning modal)', () => {
  it('asks for a day first, shows it in long French, then sends the card, the day at 9:00, the note and « no appliance » as the spec says', async () => {
    signedIn();
    // The badges are read before and after the change (a badge it earns is announced): none here.
    const calls = stubNetwork((call) => (call.method === 'GET' ? { status: 200, body: [] } : { status: 201, body: { id: 1 } }));
    const onPlanned = vi.fn();
    const user = userEvent.setup();
    renderPage(<PlanModal opened onClose={() => undefined} target={{ card, applianceId: null }} onPlanned={onPlanned} />);
    expect(await screen.findByText('Aucune date choisie.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement).disabled).toBe(true);
    const today = localDayKey(new Date());
    await user.click(screen.getByRole('button', { name: dayFr(plannedAt(today)) }));
    expect(screen.getByTestId('planned-date').textContent).toContain(dayFr(plannedAt(today)));
    await user.type(screen.getByLabelText('Note (facultatif)'), 'acheter du vinaigre blanc');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onPlanned).toHaveBeenCalledWith(today));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: `${API_BASE}/profils/users/4/events`,
        method: 'POST',
        body: {
          title: card.title,
          dt_realisation: plannedAt(today).toISOString(),
          note: 'acheter du vinaigre blanc',
          applianceId: -1,
          maintenanceCardId: 12,
          type: 'MAINTENANCE',
        },
      },
    ]);
  });

  it('keeps the choice and shows the server’s refusal in French', async () => {
    signedIn();
    stubNetwork((call) =>
      call.method === 'GET' ? { status: 200, body: [] } : { status: 400, body: { message: 'La date doit être aujourd’hui ou plus tard.' } },
    );
    const user = userEvent.setup();
    renderPage(<PlanModal opened onClose={() => undefined} target={{ card, applianceId: 7 }} onPlanned={() => undefined} />);
    const today = localDayKey(new Date());
    await user.click(await screen.findByRole('button', { name: dayFr(plannedAt(today)) }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('La date doit être aujourd’hui ou plus tard.')).toBeTruthy();
    expect(screen.getByTestId('planned-date').textContent).toContain(dayFr(plannedAt(today)));
  });
});
