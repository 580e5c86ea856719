import type { DomainEvents } from '../../lib/domain-events.ts';

/**
 * The badge rules (reference/badges.json's `rule.kind`) each change can meet: the member who made
 * the change earns those, and only those: badges are personal. `action:*` rules are met by POST …/actions.
 */
export const BADGE_KINDS: readonly (readonly [keyof DomainEvents, readonly string[]])[] = [
  ['appliance.added', ['appliances', 'furnished_universe']],
  ['appliance.second-life', ['second_life']],
  ['event.recorded', ['maintenance_done', 'maintenance_planned', 'breakdowns']],
];
