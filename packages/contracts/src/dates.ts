/** product §9, recurrence options. */
export const FREQUENCIES = ['monthly', '3_months', '6_months', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  monthly: 'Tous les mois',
  '3_months': 'Tous les 3 mois',
  '6_months': 'Tous les 6 mois',
  yearly: 'Tous les ans',
};

/**
 * A maintenance card's interval in days, as people say it: « Tous les 3 mois », not
 * « Tous les 90 jours »; weeks for 7 and 14 days, months for multiples of 30, years for 365 and 730.
 */
export function cardFrequencyFr(days: number): string {
  if (days === 7) return 'Toutes les semaines';
  if (days % 7 === 0 && days < 28) return `Toutes les ${days / 7} semaines`;
  if (days === 365) return 'Tous les ans';
  if (days % 365 === 0) return `Tous les ${days / 365} ans`;
  if (days === 30) return 'Tous les mois';
  if (days % 30 === 0) return `Tous les ${days / 30} mois`;
  return `Tous les ${days} jours`;
}

const MONTHS: Record<Frequency, number> = { monthly: 1, '3_months': 3, '6_months': 6, yearly: 12 };

const PARIS_WALL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock time in Paris of an instant, as if it were UTC (its fields read with getUTC…). */
function parisWall(at: Date): Date {
  // Far from any plausible date (stored data, however odd) the time zone means nothing: UTC.
  const year = at.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return new Date(at);
  const f: Record<string, number> = {};
  for (const part of PARIS_WALL.formatToParts(at)) if (part.type !== 'literal') f[part.type] = Number(part.value);
  return new Date(Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!, at.getUTCMilliseconds()));
}

/**
 * The instant at which Paris's clocks show `wall` (its UTC fields). A time that does not exist (the
 * hour skipped in March) is taken an hour later; one that comes twice (October) is taken once.
 */
function fromParisWall(wall: Date): Date {
  const offset = (at: Date) => parisWall(at).getTime() - at.getTime();
  const first = new Date(wall.getTime() - offset(wall));
  const second = new Date(wall.getTime() - offset(first));
  return parisWall(second).getTime() === wall.getTime() ? second : new Date(Math.max(first.getTime(), second.getTime()));
}

/**
 * The start date moved by `n` periods on Paris's calendar and clock — a task at 09:00 stays at 09:00
 * across the changes to and from summer time —, keeping the day of the month when it exists and the
 * month's last day otherwise (31 January + 1 month = 28 or 29 February, then 31 March again).
 */
export function addPeriods(start: Date, frequency: Frequency, n: number): Date {
  const wall = parisWall(start);
  const months = wall.getUTCMonth() + MONTHS[frequency] * n;
  const year = wall.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(wall);
  moved.setUTCFullYear(year, month, Math.min(wall.getUTCDate(), lastDay));
  return fromParisWall(moved);
}

/** product §9: series are expanded at least 12 months ahead. */
export const SERIES_HORIZON_MONTHS = 12;

/**
 * How far from today a new series may start. Occurrences are written from the first date on, so a
 * first date in 1970 wrote 695 rows in one request. A year back keeps « done last spring, every 6
 * months since » possible; two years ahead is more than the web form ever sends (one yearly period
 * from today, whatever the hour) and refuses dates nobody plans maintenance for.
 */
export const SERIES_START_MONTHS_BACK = 12;
export const SERIES_START_MONTHS_AHEAD = 24;

/**
 * The most occurrences one expansion gives, whatever it is asked: the monthly ones from a year back
 * to the horizon, the most a series planned within the bounds above, or kept going, ever needs.
 */
export const SERIES_EXPANSION_MAX = SERIES_START_MONTHS_BACK + SERIES_HORIZON_MONTHS + 1;

/** The first dates a new series may have at `now` (also how far back a series is caught up). */
export function seriesStartRange(now: Date): { earliest: Date; latest: Date } {
  return { earliest: addPeriods(now, 'monthly', -SERIES_START_MONTHS_BACK), latest: addPeriods(now, 'monthly', SERIES_START_MONTHS_AHEAD) };
}

/**
 * The occurrences of a series from `start` up to and including `until` (the first is `start`),
 * only those later than `after` when given: dates are always counted from `start` (no drift), the
 * walk starts near `after` instead of at `start`. At most SERIES_EXPANSION_MAX, and none for an
 * unknown frequency: stored data, however old or odd, never makes one call write without bound.
 */
export function expandSeries(start: Date, frequency: Frequency, until: Date, after?: Date): Date[] {
  const dates: Date[] = [];
  const step = Object.hasOwn(MONTHS, frequency) ? MONTHS[frequency] : 0;
  if (step === 0 || Number.isNaN(start.getTime())) return dates;
  const [from, to] = [parisWall(start), after && parisWall(after)];
  const monthsToAfter = to ? (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() : 0;
  // Every occurrence before this one falls in a month before `after`'s.
  for (let n = Math.max(0, Math.floor(monthsToAfter / step)); dates.length < SERIES_EXPANSION_MAX; n++) {
    const d = addPeriods(start, frequency, n);
    if (!(d.getTime() <= until.getTime())) return dates;
    if (!after || d.getTime() > after.getTime()) dates.push(d);
  }
  return dates;
}

/** The horizon a series must reach from `now`: 12 months ahead. */
export function seriesHorizon(now: Date): Date {
  return addPeriods(now, 'yearly', 1);
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
}

/** UI brief: dates in French, e.g. « samedi 21 novembre 2026 ». */
export function longDateFr(date: Date | string, timeZone = 'Europe/Paris'): string {
  return new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
    new Date(date),
  );
}

const DAY_LONG_FR = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A calendar day (YYYY-MM-DD, or an instant read in UTC) in French: « 24 décembre 2026 ». Purchase,
 * delivery and guarantee dates are days with no time zone, so they are read and shown in UTC.
 */
export function dayFr(day: string): string {
  return DAY_LONG_FR.format(new Date(day.length === 10 ? `${day}T00:00:00Z` : day));
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of an instant in Paris, as YYYY-MM-DD (« today » for a French household). */
export function parisDay(at: Date): string {
  return PARIS_DAY.format(at);
}

/**
 * Whole years from one calendar day to another (YYYY-MM-DD, or the start of an instant): an
 * appliance bought on 2019-03-12 is 6 until 2025-03-11 and 7 from 2025-03-12. Never below 0.
 */
export function wholeYearsBetween(from: string, to: string): number {
  const [fy = 0, fm = 0, fd = 0] = from.slice(0, 10).split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = to.slice(0, 10).split('-').map(Number);
  return Math.max(0, ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0));
}
