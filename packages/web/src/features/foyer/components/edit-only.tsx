import type { ReactNode } from 'react';
import { useCanEdit } from '../api/foyer.ts';

/** What changes the household's data, shown to everyone but a lecteur (issue 19: a lecteur reads only). */
export function EditOnly({ children }: { children: ReactNode }) {
  return useCanEdit() ? children : null;
}
