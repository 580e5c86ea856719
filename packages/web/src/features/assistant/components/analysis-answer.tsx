import { type MiaAnswer, TEXT_MAX } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { videoSearchUrl } from '../../../lib/external-links.ts';
import { newClaimPath } from '../../../lib/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { useCreateEvent } from '../../events/api/events.ts';
import type { ChatDevice } from '../chat-machine.ts';

/** A short note for the repair history (≤ 500 characters). */
function diagnosisNote(question: string, answer: MiaAnswer): string {
  const note = `Symptômes : ${question}\nCauses possibles : ${answer.summary.CAUSE.join(' ; ')}`;
  return note.length > TEXT_MAX ? `${note.slice(0, TEXT_MAX - 1)}…` : note;
}

export function AnalysisAnswer({
  answer,
  question,
  videos,
  device,
  fault,
}: {
  answer: MiaAnswer;
  question: string;
  videos: boolean;
  device: ChatDevice;
  fault: string | null;
}) {
  const save = useCreateEvent();
  const { summary, reference_urls: links } = answer;
  const onSave = () => {
    if (!device.applianceId || !answer.fault) return;
    save.mutate({
      title: `Panne : ${answer.fault.title}`.slice(0, 120),
      dt_realisation: new Date().toISOString(),
      note: diagnosisNote(question, answer),
      applianceId: device.applianceId,
      type: 'PANNE',
    });
  };
  const tutorials = (
    <Stack gap={4}>
      <Text fw={700}>{videos ? 'Tutoriels et vidéos' : 'Tutoriels'}</Text>
      <List size="sm" spacing={4}>
        {links.map((l) => (
          <List.Item key={l.url}>
            <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
              {l.title} <IconExternalLink size={12} />
            </Anchor>
          </List.Item>
        ))}
        {videos && (
          <List.Item>
            <Anchor
              href={videoSearchUrl(`${device.productName ?? ''} ${answer.fault?.title ?? fault ?? question}`.trim())}
              target="_blank"
              rel="noopener noreferrer"
            >
              Chercher des vidéos sur YouTube <IconExternalLink size={12} />
            </Anchor>
          </List.Item>
        )}
      </List>
    </Stack>
  );
  return (
    <Stack gap="sm" data-testid="analysis">
      {answer.fault && (
        <Title order={3} fz="md">
          Fiche la plus proche de ta description : {answer.fault.title}
        </Title>
      )}
      {videos && tutorials}
      {summary.PRECAUTION && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle />}
          title="Précaution"
          p="xs"
          styles={{ title: { color: '#7c2d12' }, label: { color: '#7c2d12' } }}
        >
          {summary.PRECAUTION}
        </Alert>
      )}
      {summary.CAUSE.length > 0 && (
        <Stack gap={4}>
          <Text fw={700}>Causes possibles</Text>
          <List size="sm" spacing={2}>
            {summary.CAUSE.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {summary.INSTRUCTION.length > 0 && (
        <Stack gap={4}>
          <Text fw={700}>Étapes à suivre</Text>
          <List type="ordered" size="sm" spacing={2}>
            {summary.INSTRUCTION.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {answer.fault && (
        <Text size="sm">
          <strong>{answer.fault.diy === 'non' ? 'Réparation à confier à un professionnel : ' : 'Quand appeler un professionnel : '}</strong>
          {answer.fault.professional}
        </Text>
      )}
      {!videos && links.length > 0 && tutorials}
      {answer.alternatives.length > 0 && (
        <Text size="sm" c="dimmed">
          Cela peut aussi être : {answer.alternatives.map((a) => a.title).join(' ; ')}.
        </Text>
      )}
      {device.applianceId && answer.fault && (
        <Stack gap={4} align="flex-start">
          {save.isSuccess ? (
            <Text c="eco.9" fw={600} role="status">
              Diagnostic enregistré dans l’historique des réparations.{' '}
              <Anchor component={Link} to={applianceDetailPath(device.applianceId)} underline="always">
                Voir mon appareil
              </Anchor>{' '}
              ou{' '}
              <Anchor component={Link} to={newClaimPath(device.applianceId, save.data.id)} underline="always">
                préparer ma démarche
              </Anchor>{' '}
              (garantie, réparation, courrier).
            </Text>
          ) : (
            <Button variant="outline" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} onClick={onSave}>
              Enregistrer ce diagnostic
            </Button>
          )}
          {save.isError && (
            <Text c="red.9" size="sm" role="alert">
              {errorMessage(save.error, 'Le diagnostic n’a pas pu être enregistré. Réessaie.')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
