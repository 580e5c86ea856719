import { describe, expect, it } from 'vitest';
import { EventPeriodCreate, eventPeriodCreate, eventStateLabel } from './events.ts';
import { MSG } from './messages.fr.ts';

const at = (now: string) => eventPeriodCreate(() => new Date(now));
const issue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => ({ message: i.message, path: i.path.join('.') }));
const series = (dt_realisation: string) => ({ title: 'Détartrer', dt_realisation, frequency: 'monthly' });

describe('a series’ first date (the rule the server and the web form share)', () => {
  it('is at most a year back and two years ahead of now, with a French message on the date', () => {
    const schema = at('2026-11-21T09:00:00Z');
    expect(issue(schema.safeParse(series('1970-01-15T09:00:00Z')))).toEqual([
      { message: MSG.eventSeriesStartTooOld, path: 'dt_realisation' },
    ]);
    expect(issue(schema.safeParse(series('2025-11-21T08:59:59Z')))).toEqual([
      { message: MSG.eventSeriesStartTooOld, path: 'dt_realisation' },
    ]);
    expect(schema.safeParse(series('2025-11-21T09:00:00Z')).success).toBe(true);
    expect(schema.safeParse(series('2028-11-21T09:00:00Z')).success).toBe(true);
    expect(issue(schema.safeParse(series('2028-11-21T09:00:01Z')))).toEqual([
      { message: MSG.eventSeriesStartTooFar, path: 'dt_realisation' },
    ]);
    // A date refused already keeps its own message only.
    expect(issue(schema.safeParse(series('demain')))).toEqual([{ message: MSG.eventDateInvalid, path: 'dt_realisation' }]);
  });

  it('is judged against the browser’s clock in the web form', () => {
    const day = 86_400_000;
    expect(issue(EventPeriodCreate.safeParse(series(new Date(Date.now() - 400 * day).toISOString())))?.[0]?.message).toBe(
      MSG.eventSeriesStartTooOld,
    );
    expect(EventPeriodCreate.safeParse(series(new Date(Date.now() + 30 * day).toISOString())).success).toBe(true);
  });
});

describe('eventStateLabel', () => {
  it('names a breakdown’s states as a breakdown’s (reported, repaired), a task’s as a task’s', () => {
    expect(eventStateLabel({ type: 'PANNE', status: 'NEW' })).toBe('Signalée');
    expect(eventStateLabel({ type: 'PANNE', status: 'DONE' })).toBe('Réparée');
    expect(eventStateLabel({ type: 'MAINTENANCE', status: 'NEW' })).toBe('Prévu');
    expect(eventStateLabel({ type: 'MAINTENANCE', status: 'DONE' })).toBe('Fait');
  });
});
