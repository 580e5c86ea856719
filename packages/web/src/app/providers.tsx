import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

// Mantine's default "dimmed" grey is 3.3:1 on white; the brief asks ≥ 4.5:1 for text.
const resolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.other.textMuted as string },
  dark: {},
});

/** The theme. TanStack Query is provided by the routes' QueryLayout (app/query-layout.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver}>
      {children}
    </MantineProvider>
  );
}
