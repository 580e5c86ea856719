import type { ReactNode } from 'react';
import { useCanEdit } from '../api/foyer.ts';

/** What changes the household's data, shown to everyone but a lecteur (a lecteur reads only). */
export function EditOnly({ children }: { children: ReactNode }) {
  return useCanEdit() ? children : null;
}
