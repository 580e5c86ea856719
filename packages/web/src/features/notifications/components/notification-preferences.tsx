import { EMAIL_MODES, type EmailMode, MSG, type NotificationPreferences } from '@ecofoyer/contracts';
import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBellCog } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences.ts';

const MODE_LABELS: Record<EmailMode, { label: string; description: string }> = {
  immediat: {
    label: 'À chaque rappel',
    description: 'Un e-mail la veille et le jour de chaque entretien, et avant la fin d’une garantie.',
  },
  hebdo: {
    label: 'Un résumé le dimanche soir',
    description: 'Les entretiens de la semaine à venir, et ceux en retard, en un seul e-mail (heure de Paris).',
  },
};

/**
 * « Mes notifications » in the profile: each way of being reminded, on or off, and e-mail
 * at each reminder or as a Sunday digest. Reminder mails link to it: `/profile#notifications` opens
 * the profile's section that holds it, at its top.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // What is shown: the change being saved, else the saved choices. A second switch flipped while the
  // first is saving builds on the first, not on the older saved state.
  const p = save.isPending && save.variables ? save.variables : preferences.data;
  const change = (patch: Partial<NotificationPreferences>) => {
    if (p) save.mutate({ ...p, ...patch });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="mes-notifications">
      <Group gap="xs" mb="sm">
        <IconBellCog aria-hidden />
        <Title order={2} size="h4" id="mes-notifications">
          Mes notifications
        </Title>
      </Group>
      {preferences.isPending && <Skeleton height={120} aria-label="Chargement de vos préférences" />}
      {preferences.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          <Text size="sm">Impossible de charger vos préférences de notification.</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void preferences.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {p && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Les rappels d’entretien vous concernent quand ils vous sont confiés, ou quand personne du foyer n’en est chargé.
          </Text>
          <Switch
            checked={p.app}
            onChange={(e) => change({ app: e.currentTarget.checked })}
            label="Dans l’application"
            description="La cloche et la page Notifications."
          />
          <Switch
            checked={p.push}
            onChange={(e) => change({ push: e.currentTarget.checked })}
            label="Notifications push"
            description="Sur les téléphones et ordinateurs où vous les avez autorisées."
          />
          <Switch
            checked={p.email}
            onChange={(e) => change({ email: e.currentTarget.checked })}
            label="Par e-mail"
            description="Chaque e-mail a un lien pour se désabonner."
          />
          {p.email && (
            <Radio.Group
              value={p.emailMode}
              onChange={(v) => change({ emailMode: v as EmailMode })}
              label="Quand recevoir les e-mails ?"
              name="emailMode"
            >
              <Stack gap="xs" mt="xs">
                {EMAIL_MODES.map((mode) => (
                  <Radio key={mode} value={mode} label={MODE_LABELS[mode].label} description={MODE_LABELS[mode].description} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <div aria-live="polite">
            {save.isSuccess && (
              <Text size="sm" c="eco.8">
                {MSG.notificationPreferencesSaved}
              </Text>
            )}
            {save.isError && (
              <Text size="sm" c="red.8" role="alert">
                {errorMessage(save.error, MSG.serverError)}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Paper>
  );
}
