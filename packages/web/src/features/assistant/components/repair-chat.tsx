import { type AucuneFiche, EMERGENCY_PRECAUTION, type MiaAnswer, TEXT_MAX, type Urgence } from '@ecofoyer/contracts';
import { Alert, Anchor, Avatar, Badge, Button, Group, Image, List, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconDeviceFloppy, IconExternalLink, IconFlame, IconMap2, IconMessageChatbot, IconPencil, IconPhone, IconSend, IconTool, IconVideo } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS, videoSearchUrl } from '../../../app/external-links.ts';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { useCreateEvent } from '../../events/api/events.ts';
import { CircularMap } from '../../repairers/components/circular-map.tsx';
import { askChat, askQuestion } from '../api/assistant.ts';
import { CHAT_TEXTS, type ChatDevice, type ChatMessage, type Choice, chatReducer, openChat } from '../chat-machine.ts';
import classes from './repair-chat.module.css';

const COMPOSER_ID = 'repair-chat-message';

/** spec §4 repair chat flow: the reducer decides, this component shows and makes the calls. */
export function RepairChat({ device, firstname, firstMessage }: { device: ChatDevice; firstname: string | null; firstMessage?: string }) {
  const [state, dispatch] = useReducer(chatReducer, undefined, () => {
    const opened = openChat(device, firstname);
    return firstMessage ? chatReducer(opened, { type: 'input', text: firstMessage }) : opened;
  });
  const [draft, setDraft] = useState('');
  const composerRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const request = state.pending;
    if (!request) return;
    const body = { productName: device.productName, applianceId: device.applianceId };
    if (request.kind === 'chat') {
      askChat({ user_prompt: request.question, productName: device.productName, suite: request.suite ?? null })
        .then((answer) => dispatch({ type: 'chat-answer', requestId: request.id, answer }))
        .catch(() => dispatch({ type: 'failed', requestId: request.id }));
    } else {
      askQuestion({ userQuestion: request.question, ...body, faultId: request.faultId ?? null })
        .then((answer) => dispatch({ type: 'analysis', requestId: request.id, answer }))
        .catch(() => dispatch({ type: 'failed', requestId: request.id }));
    }
  }, [state.pending, device.productName, device.applianceId]);

  // After each message the message box and « Envoyer » come into view, above a phone's tab bar
  // (html's scroll-padding-bottom), with the end of the answer right above them (issue 16, item 9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new message or pending answer, on purpose.
  useEffect(() => {
    composerRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [state.messages.length, state.pending]);

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim() || state.pending) return;
    dispatch({ type: 'input', text: draft });
    setDraft('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) send(e);
  };

  return (
    <Stack gap="md">
      <div role="log" aria-live="polite" aria-label="Conversation avec l’assistant" className={classes.log}>
        {state.messages.map((m) => (
          <Bubble key={m.id} message={m}>
            <MessageBody message={m} device={device} fault={state.fault} phase={state.phase} busy={state.pending !== null} dispatch={dispatch} />
          </Bubble>
        ))}
        {state.pending && (
          <Group gap="xs" className={classes.thinking}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              L’assistant réfléchit…
            </Text>
          </Group>
        )}
      </div>
      <form ref={composerRef} onSubmit={send} className={classes.composer}>
        <AutoTextarea
          id={COMPOSER_ID}
          label="Ton message"
          placeholder={state.fault ? 'Précise la panne ou pose une question…' : 'Décris la panne…'}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={onKey}
          maxLength={TEXT_MAX}
          description={`${draft.length}/${TEXT_MAX} caractères — Entrée pour envoyer, Maj+Entrée pour aller à la ligne`}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconSend size={18} />} disabled={!draft.trim() || state.pending !== null}>
          Envoyer
        </Button>
      </form>
    </Stack>
  );
}

function Bubble({ message, children }: { message: ChatMessage; children: React.ReactNode }) {
  const mine = message.from === 'user';
  return (
    <Group className={mine ? classes.rowUser : classes.rowAssistant} align="flex-start" gap="xs" wrap="nowrap">
      {!mine && (
        <Avatar color="eco" radius="xl" size={36} aria-hidden>
          <IconMessageChatbot size={20} />
        </Avatar>
      )}
      <Paper className={mine ? classes.user : classes.assistant} radius="lg" p="sm" withBorder={!mine} data-from={message.from}>
        <Text component="span" className="visually-hidden">
          {mine ? 'Vous : ' : 'Assistant : '}
        </Text>
        {children}
      </Paper>
    </Group>
  );
}

type Dispatch = (event: Parameters<typeof chatReducer>[1]) => void;

function MessageBody({
  message,
  device,
  fault,
  phase,
  busy,
  dispatch,
}: {
  message: ChatMessage;
  device: ChatDevice;
  fault: string | null;
  phase: string;
  busy: boolean;
  dispatch: Dispatch;
}) {
  switch (message.kind) {
    case 'text':
      return (
        <Text style={{ whiteSpace: 'pre-line' }} c={message.from === 'assistant' && message.tone === 'error' ? 'red.9' : undefined}>
          {message.text}
        </Text>
      );
    case 'device':
      return (
        <Group gap="sm" wrap="nowrap" data-testid="device-card">
          <Image src={device.pict ?? '/logo.svg'} alt="" w={64} h={64} fit="contain" radius="md" bg="var(--mantine-color-eco-0)" />
          <Stack gap={2}>
            <Text fw={700}>{device.name}</Text>
            {device.productName && device.productName !== device.name && (
              <Badge variant="light" w="fit-content">
                {device.productName}
              </Badge>
            )}
            {device.details && (
              <Text size="sm" c="dimmed">
                {device.details}
              </Text>
            )}
          </Stack>
        </Group>
      );
    case 'bonus':
      return (
        <Text data-testid="bonus-message">
          {message.text}{' '}
          <Anchor href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" underline="always">
            Trouver un réparateur labellisé
          </Anchor>
        </Text>
      );
    case 'options':
      return (
        <Stack gap="xs">
          <Text>{message.text}</Text>
          <Group gap="xs">
            {(
              [
                ['repairer', IconMap2],
                ['video', IconVideo],
                ['diy', IconTool],
              ] as const
            ).map(([choice, Icon]) => (
              <Button
                key={choice}
                variant="light"
                className={classes.option}
                leftSection={<Icon size={18} />}
                disabled={busy}
                onClick={() => dispatch({ type: 'choose', choice: choice as Choice })}
              >
                {CHAT_TEXTS.choices[choice]}
              </Button>
            ))}
          </Group>
        </Stack>
      );
    case 'diy-warning':
      return (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-8)" style={{ flexShrink: 0 }} aria-hidden />
            <Text>{message.text}</Text>
          </Group>
          <Group gap="xs">
            <Button className={classes.option} disabled={phase !== 'diy-confirm' || busy} onClick={() => dispatch({ type: 'diy', agree: true })}>
              {CHAT_TEXTS.diyAgree}
            </Button>
            <Button variant="light" className={classes.option} disabled={phase !== 'diy-confirm' || busy} onClick={() => dispatch({ type: 'diy', agree: false })}>
              {CHAT_TEXTS.diyPro}
            </Button>
          </Group>
        </Stack>
      );
    case 'repairers':
      return <Repairers text={message.text} device={device} />;
    case 'urgence':
      return <EmergencyAlert urgence={message.urgence} />;
    case 'aucune-fiche':
      return <NoSheet aucuneFiche={message.aucuneFiche} busy={busy} dispatch={dispatch} />;
    case 'analysis':
      return <Analysis answer={message.answer} question={message.question} videos={message.videos} device={device} fault={fault} />;
  }
}

/** Issue 13: an emergency, apart from the chat's bubbles: what to do now and the numbers to call, no step. */
function EmergencyAlert({ urgence }: { urgence: Urgence }) {
  return (
    <Alert color="red" variant="light" icon={<IconFlame />} title={urgence.titre} role="alert" data-testid="emergency" styles={{ title: { color: '#7f1d1d', fontSize: 'var(--mantine-font-size-md)' }, message: { color: '#450a0a' } }}>
      <Stack gap="xs">
        <List type="ordered" size="sm" spacing={4}>
          {urgence.consignes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group gap="xs">
          {urgence.numeros.map((n) => (
            <Button key={n.numero} component="a" href={`${n.numero === '114' ? 'sms' : 'tel'}:${n.numero.replace(/\s/g, '')}`} color="red" variant={n === urgence.numeros[0] ? 'filled' : 'outline'} size="sm" leftSection={<IconPhone size={16} />} aria-label={`${n.libelle} : ${n.numero}`} className={classes.option}>
              {n.numero}
            </Button>
          ))}
        </Group>
        <Text size="xs">{urgence.numeros.map((n) => `${n.numero} : ${n.libelle}`).join(' · ')}</Text>
        <Text size="sm" fw={700}>
          {EMERGENCY_PRECAUTION}
        </Text>
      </Stack>
    </Alert>
  );
}

/** Issue 13: no sheet for this problem, said plainly, with the ways out. */
function NoSheet({ aucuneFiche, busy, dispatch }: { aucuneFiche: AucuneFiche; busy: boolean; dispatch: Dispatch }) {
  return (
    <Stack gap="xs" data-testid="no-sheet">
      <Text>{aucuneFiche.message}</Text>
      <Text fw={700} size="sm">
        Tu peux :
      </Text>
      <List size="sm" spacing={2}>
        {aucuneFiche.suggestions.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <Button variant="light" className={classes.option} leftSection={<IconMap2 size={18} />} disabled={busy} onClick={() => dispatch({ type: 'repairers' })}>
          Trouver un réparateur
        </Button>
        <Button variant="subtle" className={classes.option} leftSection={<IconPencil size={18} />} onClick={() => document.getElementById(COMPOSER_ID)?.focus()}>
          Décrire autrement
        </Button>
      </Group>
    </Stack>
  );
}

function Repairers({ text, device }: { text: string; device: ChatDevice }) {
  const [opened, map] = useDisclosure(false);
  const query = new URLSearchParams({
    ...(device.productId ? { prod: String(device.productId) } : {}),
    ...(device.applianceId ? { appliance: String(device.applianceId) } : {}),
  });
  return (
    <Stack gap="xs">
      <Text>{text}</Text>
      <Group gap="xs">
        <Button variant="light" className={classes.option} leftSection={<IconMap2 size={18} />} onClick={map.open}>
          Voir la carte des réparateurs
        </Button>
        <Button component={Link} to={`/callplan?${query}`} variant="light" className={classes.option} leftSection={<IconTool size={18} />}>
          Prendre rendez-vous
        </Button>
      </Group>
      <Anchor href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" size="sm">
        Annuaire des réparateurs labellisés QualiRépar (bonus réparation) <IconExternalLink size={14} />
      </Anchor>
      <Modal opened={opened} onClose={map.close} title="Réparateurs près de chez vous" size="xl">
        <CircularMap title="Carte des réparateurs « Que faire de mes objets » de l’ADEME" />
      </Modal>
    </Stack>
  );
}

/** A short note for the repair history (≤ 500 characters). */
function diagnosisNote(question: string, answer: MiaAnswer): string {
  const note = `Symptômes : ${question}\nCauses possibles : ${answer.summary.CAUSE.join(' ; ')}`;
  return note.length > TEXT_MAX ? `${note.slice(0, TEXT_MAX - 1)}…` : note;
}

function Analysis({ answer, question, videos, device, fault }: { answer: MiaAnswer; question: string; videos: boolean; device: ChatDevice; fault: string | null }) {
  const save = useCreateEvent();
  const { summary, reference_urls: links } = answer;
  const onSave = () => {
    if (!device.applianceId || !answer.fault) return;
    save.mutate({
      title: `Panne : ${answer.fault.title}`.slice(0, 120),
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
            <Anchor href={videoSearchUrl(`${device.productName ?? ''} ${answer.fault?.title ?? fault ?? question}`.trim())} target="_blank" rel="noopener noreferrer">
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
          Fiche la plus proche de ta description : {answer.fault.title}
        </Title>
      )}
      {videos && tutorials}
      {summary.PRECAUTION && (
        <Alert color="orange" icon={<IconAlertTriangle />} title="Précaution" p="xs" styles={{ title: { color: "#7c2d12" }, label: { color: "#7c2d12" } }}>
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
          <strong>{answer.fault.diy === 'non' ? 'Réparation à confier à un professionnel : ' : 'Quand appeler un professionnel : '}</strong>
          {answer.fault.professional}
        </Text>
      )}
      {!videos && links.length > 0 && tutorials}
      {answer.alternatives.length > 0 && (
        <Text size="sm" c="dimmed">
          Cela peut aussi être : {answer.alternatives.map((a) => a.title).join(' ; ')}.
        </Text>
      )}
      {device.applianceId && answer.fault && (
        <Stack gap={4} align="flex-start">
          {save.isSuccess ? (
            <Text c="eco.9" fw={600} role="status">
              Diagnostic enregistré dans l’historique des réparations.{' '}
              <Anchor component={Link} to={applianceDetailPath(device.applianceId)} underline="always">
                Voir mon appareil
              </Anchor>
            </Text>
          ) : (
            <Button variant="outline" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} onClick={onSave}>
              Enregistrer ce diagnostic
            </Button>
          )}
          {save.isError && (
            <Text c="red.9" size="sm" role="alert">
              {errorMessage(save.error, 'Le diagnostic n’a pas pu être enregistré. Réessayez.')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
