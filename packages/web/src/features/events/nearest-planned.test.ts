import type { Event } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { nearestPlanned } from './nearest-planned.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
let next = 1;
const ev = (dt: string, over: Partial<Event> = {}): Event =>
  ({
    id: next++,
    title: 'Nettoyer le filtre',
    dt_realisation: dt,
    note: null,
    applianceId: 7,
    applianceName: 'Lave-linge',
    maintenanceCardId: 3,
    type: 'MAINTENANCE',
    status: 'NEW',
    seriesId: null,
    frequency: null,
    done_at: null,
    dt_creation: '2026-11-01T00:00:00Z',
    maintenanceCard: null,
    ...over,
  }) as Event;

describe('a task done early completes its planned occurrence', () => {
  it('takes the planned occurrence of the same card and device, the late one first, else the next within 30 days', () => {
    const tomorrow = ev('2026-11-25T08:00:00Z');
    const inAMonth = ev('2026-12-20T08:00:00Z', { seriesId: 's' });
    expect(nearestPlanned([inAMonth, tomorrow], 3, 7, NOW)?.id).toBe(tomorrow.id);
    const late = ev('2026-11-23T08:00:00Z');
    expect(nearestPlanned([inAMonth, late, tomorrow], 3, 7, NOW)?.id).toBe(late.id);
    expect(nearestPlanned([inAMonth], 3, 7, NOW)?.id).toBe(inAMonth.id);
  });

  it('leaves alone what is another task, another device, done already or more than 30 days ahead', () => {
    const events = [
      ev('2026-11-25T08:00:00Z', { maintenanceCardId: 4 }),
      ev('2026-11-25T08:00:00Z', { applianceId: 8 }),
      ev('2026-11-25T08:00:00Z', { status: 'DONE' }),
      ev('2026-11-25T08:00:00Z', { type: 'PANNE' }),
      ev('2027-01-10T08:00:00Z'),
    ];
    expect(nearestPlanned(events, 3, 7, NOW)).toBeNull();
    expect(nearestPlanned([ev('2026-11-25T08:00:00Z', { applianceId: null })], 3, null, NOW)).not.toBeNull();
  });
});
