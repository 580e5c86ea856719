import type { TestApp } from './test-app.ts';

/**
 * Puts a user in a foyer with a role: the setting a test needs (the invitation's acceptance, the
 * API's way, is tested in modules/foyer/foyer-invitations.test.ts).
 */
export async function joinFoyer(
  t: TestApp,
  user: { id: number },
  foyerId: number,
  role: 'proprietaire' | 'membre' | 'lecteur',
): Promise<void> {
  await t.db.updateTable('foyer_members').set({ foyer_id: foyerId, role }).where('user_id', '=', user.id).execute();
  t.app.services.foyer.forget(user.id);
}
