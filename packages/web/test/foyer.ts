import type { Foyer, FoyerRole } from '@ecofoyer/contracts';

/** Camille's household as the API answers it, with her in `role` and no one else (component tests). */
export const camillesFoyer = (role: FoyerRole): Foyer => ({
  id: 4,
  nom: 'Foyer de Camille',
  responsable: 4,
  membres: [{ userId: 4, prenom: 'Camille', role }],
  invitations: [],
});
