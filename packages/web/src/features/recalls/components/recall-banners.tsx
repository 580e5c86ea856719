import { type Appliance, dayFr, parisDay, type Rappel } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useHandleRecall } from '../api/handle-recall.ts';
import { useApplianceRecalls } from '../api/recalls.ts';

/**
 * « Rappel produit » on the appliance page: a red banner for each RappelConso recall of
 * this appliance that nobody has marked handled, with its risk, what to do and the official sheet;
 * « J’ai traité ce rappel » (after a confirmation) hides it for the whole household. A lecteur sees
 * the banner, not the button. Nothing while loading or when the list cannot be read. A dark red
 * (red.9) keeps white text readable (AA).
 */
export function RecallBanners({ appliance }: { appliance: Appliance }) {
  const recalls = useApplianceRecalls(appliance.id);
  const handle = useHandleRecall();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  if (!recalls.data?.length) return null;

  const askHandled = (recall: Rappel) =>
    setConfirm({
      title: 'Avez-vous traité ce rappel ?',
      message:
        'Le bandeau disparaîtra pour tout le foyer. Faites-le une fois l’appareil rapporté, réparé ou mis à l’écart comme l’indique la fiche.',
      confirmLabel: 'J’ai traité ce rappel',
      onConfirm: async () => {
        await handle.mutateAsync(recall.id);
        notifications.show({ color: 'eco', message: 'Rappel marqué comme traité' });
      },
    });

  return (
    <>
      {recalls.data.map((r) => (
        <Alert
          key={r.id}
          color="red.9"
          variant="filled"
          radius="lg"
          icon={<IconAlertTriangle aria-hidden />}
          title={`Rappel produit : ${r.titre}`}
          data-testid="recall-banner"
        >
          <Stack gap={6}>
            <Text size="sm">
              <strong>Risque : </strong>
              {r.risque}
            </Text>
            <Text size="sm">
              <strong>Que faire : </strong>
              {r.conduite}
            </Text>
            <Text size="sm">Fiche publiée le {dayFr(parisDay(new Date(r.publieLe)))}.</Text>
            <Anchor href={r.lien} target="_blank" rel="noopener noreferrer" c="white" fw={700} size="sm" underline="always">
              Voir la fiche RappelConso <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
              <span className="visually-hidden"> (nouvel onglet)</span>
            </Anchor>
            <EditOnly>
              <Button variant="white" color="red.9" size="sm" onClick={() => askHandled(r)} style={{ alignSelf: 'flex-start' }}>
                J’ai traité ce rappel
              </Button>
            </EditOnly>
          </Stack>
        </Alert>
      ))}
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
