import { lazy } from 'react';
import type { Slots } from '../lib/slots.tsx';

// The dialog (Mantine's Modal, its scroll area and focus trap) is loaded on first use, not with
// the login page: the public pages' JS budget (decision 006).
const load = () => import('../features/info/components/cgu-modal.tsx');

/** The terms of use's dialog for the public pages' footer (slot `cguDialog`), its code fetched on first use. */
export const CguDialog: Slots['cguDialog'] = Object.assign(
  lazy(() => load().then((m) => ({ default: m.CguModal }))),
  { preload: load },
);
