import { describe, expect, it } from 'vitest';
import { claimDeadline } from './claims.ts';

describe('the day a claim waits for an answer', () => {
  it('is the request’s day + 30 for the seller, the last reminder’s + 15 after it, none once answered', () => {
    const sent = { type: 'envoyee' as const, date: '2026-10-01' };
    expect(claimDeadline({ voie: 'garantie-legale', etapes: [sent] })).toBe('2026-10-31');
    expect(claimDeadline({ voie: 'garantie-legale', etapes: [{ type: 'relance', date: '2026-11-02' }, sent] })).toBe('2026-11-17');
    expect(claimDeadline({ voie: 'garantie-legale', etapes: [sent, { type: 'reponse', date: '2026-10-10' }] })).toBeNull();
    expect(claimDeadline({ voie: 'garantie-legale', etapes: [] })).toBeNull();
  });

  it('is none for a route that waits for nobody (a repairer paid, a second life)', () => {
    expect(claimDeadline({ voie: 'reparateur-bonus', etapes: [{ type: 'envoyee', date: '2026-10-01' }] })).toBeNull();
    expect(claimDeadline({ voie: 'seconde-vie', etapes: [{ type: 'envoyee', date: '2026-10-01' }] })).toBeNull();
  });
});
