import { lazy, Suspense, useState } from 'react';

const ConfirmLogout = lazy(() => import('../../features/auth/components/confirm-logout.tsx').then((m) => ({ default: m.ConfirmLogout })));

/**
 * The shell's logout confirmation, loaded the first time it is asked for: its Modal (scroll area,
 * focus trap) stays out of the JS every signed-in page loads (JS budgets, decision 006).
 */
export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [asked, setAsked] = useState(opened);
  if (opened && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmLogout opened={opened} onClose={onClose} />
    </Suspense>
  );
}
