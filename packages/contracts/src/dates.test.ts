import { describe, expect, it } from 'vitest';
import {
  addPeriods,
  cardFrequencyFr,
  dayFr,
  expandSeries,
  isoWeek,
  longDateFr,
  parisDay,
  SERIES_EXPANSION_MAX,
  seriesHorizon,
  seriesStartRange,
  wholeYearsBetween,
} from './dates.ts';

const d = (iso: string) => new Date(iso);

describe('recurrence (product §9)', () => {
  it('moves by 1, 3, 6 and 12 months', () => {
    expect(addPeriods(d('2026-11-21T09:00:00Z'), 'monthly', 1).toISOString()).toBe('2026-12-21T09:00:00.000Z');
    expect(addPeriods(d('2026-11-21T09:00:00Z'), '3_months', 1).toISOString()).toBe('2027-02-21T09:00:00.000Z');
    expect(addPeriods(d('2026-11-21T09:00:00Z'), '6_months', 2).toISOString()).toBe('2027-11-21T09:00:00.000Z');
    expect(addPeriods(d('2026-11-21T09:00:00Z'), 'yearly', 1).toISOString()).toBe('2027-11-21T09:00:00.000Z');
  });

  it('keeps the day of the month, or the month’s last day, without drifting', () => {
    const start = d('2027-01-31T08:00:00Z');
    expect(expandSeries(start, 'monthly', d('2027-05-01T00:00:00Z')).map((x) => x.toISOString().slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(addPeriods(d('2028-02-29T08:00:00Z'), 'yearly', 1).toISOString().slice(0, 10)).toBe('2029-02-28');
    expect(addPeriods(d('2027-08-31T08:00:00Z'), '6_months', 1).toISOString().slice(0, 10)).toBe('2028-02-29');
  });

  it('keeps a task at its time of day in Paris across the changes to and from summer time', () => {
    // 09:00 in Paris in winter (UTC+1), then in summer (UTC+2), then in winter again.
    const start = d('2027-01-15T08:00:00Z');
    expect(expandSeries(start, '3_months', d('2028-01-16T00:00:00Z')).map((x) => x.toISOString())).toEqual([
      '2027-01-15T08:00:00.000Z',
      '2027-04-15T07:00:00.000Z',
      '2027-07-15T07:00:00.000Z',
      '2027-10-15T07:00:00.000Z',
      '2028-01-15T08:00:00.000Z',
    ]);
    // Caught up from a later date: the same instants.
    expect(expandSeries(start, '3_months', d('2028-01-16T00:00:00Z'), d('2027-05-01T00:00:00Z')).map((x) => x.toISOString())).toEqual([
      '2027-07-15T07:00:00.000Z',
      '2027-10-15T07:00:00.000Z',
      '2028-01-15T08:00:00.000Z',
    ]);
    // The day is Paris's: 00:30 on 1 March in Paris is 23:30 on 28 February in UTC.
    expect(addPeriods(d('2027-02-28T23:30:00Z'), 'monthly', 1).toISOString()).toBe('2027-03-31T22:30:00.000Z');
    // A time the change skips (02:30 on 28 March 2027) comes an hour later; one it repeats, once.
    expect(addPeriods(d('2027-02-28T01:30:00Z'), 'monthly', 1).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(addPeriods(d('2027-08-31T00:30:00Z'), 'monthly', 2).toISOString()).toMatch(/^2027-10-31T0[01]:30:00.000Z$/);
  });

  it('expands a series at least 12 months ahead', () => {
    const now = d('2026-11-21T09:00:00Z');
    const until = seriesHorizon(now);
    expect(expandSeries(now, 'monthly', until)).toHaveLength(13);
    expect(expandSeries(now, '3_months', until)).toHaveLength(5);
    expect(expandSeries(now, '6_months', until)).toHaveLength(3);
    expect(expandSeries(now, 'yearly', until)).toHaveLength(2);
    expect(expandSeries(now, 'monthly', until).at(-1)?.getTime()).toBeGreaterThanOrEqual(addPeriods(now, 'monthly', 12).getTime());
  });

  it('gives only the occurrences after a date, counted from the start, without walking the years before', () => {
    const start = d('2019-01-31T08:00:00Z');
    const until = d('2027-06-01T00:00:00Z');
    for (const frequency of ['monthly', '3_months', '6_months', 'yearly'] as const) {
      for (const after of [d('2026-03-01T00:00:00Z'), d('2026-02-28T08:00:00Z'), d('2026-02-28T07:59:59Z'), d('2018-01-01T00:00:00Z')]) {
        const all: Date[] = [];
        for (let n = 0; addPeriods(start, frequency, n) <= until; n++) all.push(addPeriods(start, frequency, n));
        const expected = all.filter((x) => x > after).slice(0, SERIES_EXPANSION_MAX);
        expect(expandSeries(start, frequency, until, after), `${frequency} after ${after.toISOString()}`).toEqual(expected);
      }
    }
    // From the year -271821 (a valid JS date) to today: answered at once, with SERIES_EXPANSION_MAX dates at most.
    expect(expandSeries(d('-271821-04-20T00:00:00Z'), 'monthly', d('2026-11-21T09:00:00Z'))).toHaveLength(SERIES_EXPANSION_MAX);
    expect(expandSeries(d('-271821-04-20T00:00:00Z'), 'monthly', d('2026-11-21T09:00:00Z'), d('2026-01-01T00:00:00Z'))).toHaveLength(11);
    // A frequency the code does not know (stored data): nothing, not an endless walk.
    expect(expandSeries(start, 'weekly' as never, until)).toEqual([]);
    expect(expandSeries(start, 'toString' as never, until)).toEqual([]);
  });

  it('bounds where a new series may start: a year back, two years ahead', () => {
    const { earliest, latest } = seriesStartRange(d('2026-11-21T09:00:00Z'));
    expect(earliest.toISOString()).toBe('2025-11-21T09:00:00.000Z');
    expect(latest.toISOString()).toBe('2028-11-21T09:00:00.000Z');
    // Planned within them, a series never needs more than SERIES_EXPANSION_MAX occurrences at once.
    expect(expandSeries(earliest, 'monthly', seriesHorizon(d('2026-11-21T09:00:00Z')))).toHaveLength(SERIES_EXPANSION_MAX);
  });
});

describe('calendar (product §9)', () => {
  it.each([
    ['2026-01-01', 1],
    ['2026-12-28', 53],
    ['2027-01-01', 53],
    ['2027-01-04', 1],
    ['2026-11-21', 47],
    ['2020-12-31', 53],
    ['2021-01-04', 1],
  ])('ISO week of %s is %i', (date, week) => {
    expect(isoWeek(d(`${date}T12:00:00Z`))).toBe(week);
  });

  it('writes long dates in French', () => {
    expect(longDateFr('2026-11-21T09:00:00Z')).toBe('samedi 21 novembre 2026');
    expect(longDateFr('2027-01-01T10:00:00Z')).toBe('vendredi 1 janvier 2027');
  });
});

describe('card intervals as people say them', () => {
  it('says weeks, months and years rather than a count of days', () => {
    expect([7, 14, 30, 60, 90, 120, 180, 365, 730, 45].map(cardFrequencyFr)).toEqual([
      'Toutes les semaines',
      'Toutes les 2 semaines',
      'Tous les mois',
      'Tous les 2 mois',
      'Tous les 3 mois',
      'Tous les 4 mois',
      'Tous les 6 mois',
      'Tous les ans',
      'Tous les 2 ans',
      'Tous les 45 jours',
    ]);
  });
});

describe('days without a time zone', () => {
  it('shows a purchase day as the same day whatever the time zone of the reader', () => {
    expect(dayFr('2026-12-24')).toBe('24 décembre 2026');
    expect(dayFr('2026-01-01T00:00:00.000Z')).toBe('1 janvier 2026');
  });

  it('reads today in Paris, not in UTC', () => {
    expect(parisDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(parisDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(parisDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});

describe('an appliance’s age', () => {
  it('counts whole years, one more on each anniversary of the purchase day', () => {
    expect(wholeYearsBetween('2019-03-12', '2026-03-11')).toBe(6);
    expect(wholeYearsBetween('2019-03-12', '2026-03-12')).toBe(7);
    expect(wholeYearsBetween('2019-03-12', '2026-01-31')).toBe(6);
    expect(wholeYearsBetween('2026-05-01', '2026-11-30')).toBe(0);
    expect(wholeYearsBetween('2024-02-29', '2025-02-28')).toBe(0);
    expect(wholeYearsBetween('2024-02-29', '2025-03-01')).toBe(1);
  });

  it('is never negative, for a day after today', () => {
    expect(wholeYearsBetween('2027-01-01', '2026-06-01')).toBe(0);
  });
});
