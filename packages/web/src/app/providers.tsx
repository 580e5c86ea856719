import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { SlotsProvider } from '../lib/slots.tsx';
import { CguDialog } from './cgu-dialog.tsx';
import { theme } from './theme.ts';

/** Slots every page may show, filled once for the whole app. */
const APP_SLOTS = { cguDialog: CguDialog };

// Mantine's default "dimmed" grey is 3.3:1 on white; the brief asks ≥ 4.5:1 for text.
const resolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.other.textMuted as string },
  dark: {},
});

/** The theme and the app-wide slots. TanStack Query is provided by the routes' QueryLayout (app/query-layout.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver}>
      <SlotsProvider slots={APP_SLOTS}>{children}</SlotsProvider>
    </MantineProvider>
  );
}
