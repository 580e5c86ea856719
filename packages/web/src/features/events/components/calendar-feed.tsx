import { Anchor, Button, CopyButton, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useCalendarFeed, useRevokeCalendarFeed } from '../api/events.ts';
import type { Confirm } from './confirm-modal.tsx';

/**
 * The member's private iCalendar address: asked for only when the user wants it (the server creates
 * it then). Each member has their own (decision 021): shown on the calendar and in the profile, where it is
 * revoked; it stops when they leave the household.
 */
export function CalendarFeed({ onConfirm, inProfile = false }: { onConfirm: (c: Confirm) => void; inProfile?: boolean }) {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const revoke = useRevokeCalendarFeed();
  const webcal = feed.data?.url.replace(/^https?:\/\//, 'webcal://');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: inProfile ? 'xl' : 'lg' }}
      {...(inProfile ? { maw: 640, mt: 'lg' } : {})}
      component="section"
      aria-label="S’abonner au calendrier"
    >
      <Title order={2} fz="lg" mb="xs">
        S’abonner au calendrier
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Retrouvez les entretiens du foyer et la fin des garanties de ses appareils dans votre agenda (Google Agenda, Calendrier d’Apple,
        Outlook…) grâce à une adresse privée. Elle est à vous seul : chaque membre du foyer a la sienne, et elle cesse de fonctionner si
        vous quittez le foyer. Ne la partagez pas : elle donne accès aux entretiens du foyer.
      </Text>
      {!shown && (
        <Button
          variant="light"
          leftSection={<IconLink size={18} />}
          onClick={() => setShown(true)}
          styles={{ root: { height: 'auto', minHeight: 44, paddingBlock: 8 }, label: { whiteSpace: 'normal' } }}
        >
          Afficher mon adresse d’abonnement
        </Button>
      )}
      {shown && feed.isPending && <Skeleton h={44} radius="md" />}
      {shown && feed.isError && <ErrorAlert message={feed.error.message} onRetry={() => feed.refetch()} />}
      {shown && feed.data && (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              readOnly
              value={feed.data.url}
              label="Adresse privée du calendrier"
              style={{ flex: 1, minWidth: 240 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  h={44}
                  variant={copied ? 'filled' : 'light'}
                  leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                >
                  {copied ? 'Copié !' : 'Copier'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="md" justify="space-between">
            <Anchor href={webcal} fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}>
              <IconExternalLink size={18} aria-hidden /> Ouvrir dans mon agenda (webcal)
            </Anchor>
            <Button
              variant="subtle"
              color="red"
              h={44}
              onClick={() =>
                onConfirm({
                  title: 'Révoquer ce lien ?',
                  message:
                    'Les agendas abonnés à cette adresse ne recevront plus vos entretiens. Vous pourrez en afficher une nouvelle ensuite.',
                  confirmLabel: 'Révoquer',
                  onConfirm: async () => {
                    await revoke.mutateAsync();
                    setShown(false);
                    notifications.show({ color: 'eco', message: 'Le lien d’abonnement a été révoqué.' });
                  },
                })
              }
            >
              Révoquer ce lien
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
