import { type DossierShare, MSG, SHARE_DAYS } from '@ecofoyer/contracts';
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { expiryFr } from '../../foyer/expiry.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares.ts';

type Days = (typeof SHARE_DAYS)[number];

/**
 * Copies a link. Without the Clipboard API (a page not served over https, an older browser) the link
 * is selected on the page and copied the old way, or left selected for the person to copy.
 */
async function copyLink(lien: string, shown: HTMLElement | null) {
  try {
    await navigator.clipboard.writeText(lien);
    notifications.show({ color: 'eco', message: 'Lien copié' });
    return;
  } catch {
    // falls back to the selection below
  }
  if (shown instanceof HTMLInputElement) {
    shown.focus();
    shown.select();
  } else if (shown) {
    window.getSelection()?.selectAllChildren(shown);
  }
  const copied = shown !== null && document.execCommand('copy');
  notifications.show(
    copied
      ? { color: 'eco', message: 'Lien copié' }
      : { color: 'orange', message: 'Le lien est sélectionné : copiez-le (Ctrl+C, ou appui long puis « Copier »).' },
  );
}

/**
 * « Partager en lecture seule »: links that show the inventory to someone without an
 * account for 7 or 30 days, and the links still active, each revocable. Not shown to a lecteur.
 */
export function DossierShares() {
  const shares = useShares(true);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [days, setDays] = useState<Days>(7);
  const [created, setCreated] = useState<DossierShare | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const createdInput = useRef<HTMLInputElement>(null);

  const add = () => {
    setCreated(null);
    create.mutate({ jours: days }, { onSuccess: setCreated });
  };
  const askRevoke = (share: DossierShare) =>
    setConfirm({
      title: 'Révoquer ce lien ?',
      message: 'La personne qui l’a ne pourra plus voir votre inventaire.',
      confirmLabel: 'Révoquer',
      onConfirm: async () => {
        await revoke.mutateAsync(share.id);
        if (created?.id === share.id) setCreated(null);
        notifications.show({ color: 'eco', message: 'Lien révoqué' });
      },
    });

  return (
    <Stack gap="md" component="section" aria-labelledby="dossier-partage">
      <Group gap="xs" wrap="nowrap">
        <IconLink size={20} aria-hidden />
        <Title order={3} size="h4" id="dossier-partage">
          Partager en lecture seule
        </Title>
      </Group>
      <Text size="sm">
        Un lien montre vos appareils, leurs photos et leurs factures à une personne qui n’a pas de compte (votre assureur, un déménageur, un
        proche), sans pouvoir rien modifier. Il ne montre jamais votre adresse e-mail, et vous pouvez le révoquer à tout moment.
      </Text>
      <Stack gap={6}>
        <Text size="sm" fw={600} id="dossier-partage-duree">
          Valable pendant
        </Text>
        <Group gap="sm" align="center">
          <SegmentedControl
            size="md"
            // « 30 jours » on one line: the global rule lets long segment labels wrap, these are short.
            styles={{ label: { whiteSpace: 'nowrap' } }}
            aria-labelledby="dossier-partage-duree"
            value={String(days)}
            onChange={(v) => setDays(Number(v) as Days)}
            data={SHARE_DAYS.map((d) => ({ value: String(d), label: `${d} jours` }))}
          />
          <Button leftSection={<IconLink size={18} />} onClick={add} loading={create.isPending}>
            Créer un lien
          </Button>
        </Group>
      </Stack>
      {create.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {errorMessage(create.error, MSG.serverError)}
        </Alert>
      )}
      {created && (
        <Alert color="eco" title={`Lien créé, valable jusqu’au ${expiryFr(created.expireLe)}`} role="status">
          <Stack gap="xs">
            <TextInput ref={createdInput} label="Lien à envoyer" value={created.lien} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Button
              variant="light"
              leftSection={<IconCopy size={18} />}
              onClick={() => void copyLink(created.lien, createdInput.current)}
              style={{ alignSelf: 'flex-start' }}
            >
              Copier le lien
            </Button>
          </Stack>
        </Alert>
      )}
      <ActiveShares shares={shares} onRevoke={askRevoke} />
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** The links still active, newest first as the server sends them. */
function ActiveShares({ shares, onRevoke }: { shares: ReturnType<typeof useShares>; onRevoke: (share: DossierShare) => void }) {
  if (shares.isPending) return <Skeleton height={56} aria-busy="true" aria-label="Chargement des liens actifs" />;
  if (shares.isError) return <ErrorAlert message={errorMessage(shares.error, MSG.serverError)} onRetry={() => void shares.refetch()} />;
  if (shares.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun lien actif.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Liens actifs
      </Title>
      <Stack gap="sm" component="ul" aria-label="Liens actifs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shares.data.map((s) => (
          <ShareItem key={s.id} share={s} onRevoke={onRevoke} />
        ))}
      </Stack>
    </Stack>
  );
}

function ShareItem({ share, onRevoke }: { share: DossierShare; onRevoke: (share: DossierShare) => void }) {
  const link = useRef<HTMLParagraphElement>(null);
  const expiry = `expire le ${expiryFr(share.expireLe)}`;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Text fw={600}>
          Lien de {share.jours} jours, {expiry}
        </Text>
        <Text ref={link} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {share.lien}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="light"
          leftSection={<IconCopy size={18} />}
          onClick={() => void copyLink(share.lien, link.current)}
          aria-label={`Copier le lien qui ${expiry}`}
        >
          Copier
        </Button>
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconLinkOff size={18} />}
          onClick={() => onRevoke(share)}
          aria-label={`Révoquer le lien qui ${expiry}`}
        >
          Révoquer
        </Button>
      </Group>
    </Group>
  );
}
