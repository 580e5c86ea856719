import { describe, expect, it } from 'vitest';
import { reminderText } from './reminder-text.ts';

const event = (iso: string, appliance_name: string | null = 'Bouilloire Kenwood') => ({
  title: 'Détartrer la bouilloire',
  dt_realisation: new Date(iso),
  appliance_name,
});

describe('maintenance reminder wording', () => {
  it('says tomorrow, today, or late by Paris calendar days', () => {
    expect(reminderText('eve', event('2026-11-25T08:00:00Z'), new Date('2026-11-24T09:00:00Z')).message).toBe(
      'L’entretien « Détartrer la bouilloire » est prévu demain pour Bouilloire Kenwood. Pensez à préparer les produits.',
    );
    expect(reminderText('due', event('2026-11-24T08:00:00Z'), new Date('2026-11-24T21:00:00Z'))).toEqual({
      title: 'C’est le jour : Détartrer la bouilloire',
      message: 'L’entretien « Détartrer la bouilloire » est prévu aujourd’hui pour Bouilloire Kenwood.',
    });
    expect(reminderText('due', event('2026-11-23T08:00:00Z', null), new Date('2026-11-24T08:00:00Z'))).toEqual({
      title: 'En retard : Détartrer la bouilloire',
      message: 'L’entretien « Détartrer la bouilloire » était prévu le lundi 23 novembre 2026 (en retard de 1 jour).',
    });
  });

  it('does not say « demain » for a task later the same day', () => {
    expect(reminderText('eve', event('2026-11-24T19:00:00Z'), new Date('2026-11-24T08:00:00Z')).title).toBe(
      'Aujourd’hui : Détartrer la bouilloire',
    );
  });

  it('counts days in Paris: 23:30 UTC on the 23rd is already the 24th there', () => {
    // 2026-11-23T23:30Z is 00:30 on Tuesday 24 in Paris: due today, not late.
    expect(reminderText('due', event('2026-11-23T23:30:00Z'), new Date('2026-11-24T10:00:00Z')).title).toBe(
      'C’est le jour : Détartrer la bouilloire',
    );
    expect(reminderText('due', event('2026-11-17T08:00:00Z'), new Date('2026-11-24T10:00:00Z')).message).toContain(
      '(en retard de 7 jours)',
    );
  });
});
