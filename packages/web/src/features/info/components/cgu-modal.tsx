import { Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';

const CguContent = lazy(() => import('../pages/cgu-page.tsx').then((m) => ({ default: m.CguContent })));

/** The terms of use in a dialog, for the public pages (/cgu itself needs a signed-in user). */
export function CguModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Conditions générales d’utilisation"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Suspense fallback={<Loader aria-label="Chargement…" />}>
        <CguContent />
      </Suspense>
    </Modal>
  );
}
