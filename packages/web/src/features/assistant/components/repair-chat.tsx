import { TEXT_MAX } from '@ecofoyer/contracts';
import { Anchor, Avatar, Badge, Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMap2, IconMessageChatbot, IconSend, IconTool, IconVideo } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { isOffline } from '../../../lib/network-state.ts';
import { newClaimPath } from '../../../lib/paths.ts';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { askChat, askQuestion, checkSafety } from '../api/assistant.ts';
import { CHAT_TEXTS, type ChatDevice, type ChatMessage, type Choice, chatReducer, openChat } from '../chat-machine.ts';
import { AnalysisAnswer } from './analysis-answer.tsx';
import { BypassRefusal, EmergencyAlert } from './emergency-alert.tsx';
import { NoSheetAnswer } from './no-sheet-answer.tsx';
import { RepairersAnswer } from './repairers-answer.tsx';
import classes from './repair-chat.module.css';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

const COMPOSER_ID = 'repair-chat-message';

/** product §4, repair chat flow: the reducer decides, this component shows and makes the calls. */
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
    if (request.kind === 'screen') {
      checkSafety({ texte: request.question, productName: device.productName })
        .then((check) => dispatch({ type: 'screened', requestId: request.id, check }))
        .catch(() => dispatch({ type: 'failed', requestId: request.id, offline: isOffline() }));
    } else if (request.kind === 'chat') {
      askChat({ user_prompt: request.question, productName: device.productName, suite: request.suite ?? null })
        .then((answer) => dispatch({ type: 'chat-answer', requestId: request.id, answer }))
        .catch(() => dispatch({ type: 'failed', requestId: request.id, offline: isOffline() }));
    } else {
      askQuestion({ userQuestion: request.question, ...body, faultId: request.faultId ?? null })
        .then((answer) => dispatch({ type: 'analysis', requestId: request.id, answer }))
        .catch(() => dispatch({ type: 'failed', requestId: request.id, offline: isOffline() }));
    }
  }, [state.pending, device.productName, device.applianceId]);

  // After each message the message box and « Envoyer » come into view, above a phone's tab bar
  // (html's scroll-padding-bottom), with the end of the answer right above them.
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
            <MessageBody
              message={m}
              device={device}
              fault={state.fault}
              phase={state.phase}
              busy={state.pending !== null}
              dispatch={dispatch}
            />
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
      {/* The emergency texts are in the app: typed offline, they still show at once. */}
      <OfflineNote what="l’assistant a besoin du réseau pour chercher une fiche ; les consignes d’urgence, elles, s’affichent toujours" />
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
          {mine ? 'Vous : ' : 'Assistant : '}
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
            {device.applianceId && (
              <EditOnly>
                {/* From the breakdown to its remedy: who must repair it (the seller under guarantee…), and the letter. */}
                <Anchor component={Link} to={newClaimPath(device.applianceId)} size="sm" underline="always">
                  Garantie, réparation, courrier{'\u00a0'}: ma démarche
                </Anchor>
              </EditOnly>
            )}
          </Stack>
        </Group>
      );
    case 'bonus':
      return (
        <div>
          <Text data-testid="bonus-message">
            {message.text}{' '}
            <Anchor href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" underline="always">
              Trouver un réparateur labellisé
            </Anchor>
          </Text>
          <RepairBonusSource />
        </div>
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
            <Button
              className={classes.option}
              disabled={phase !== 'diy-confirm' || busy}
              onClick={() => dispatch({ type: 'diy', agree: true })}
            >
              {CHAT_TEXTS.diyAgree}
            </Button>
            <Button
              variant="light"
              className={classes.option}
              disabled={phase !== 'diy-confirm' || busy}
              onClick={() => dispatch({ type: 'diy', agree: false })}
            >
              {CHAT_TEXTS.diyPro}
            </Button>
          </Group>
        </Stack>
      );
    case 'repairers':
      return <RepairersAnswer text={message.text} device={device} />;
    case 'urgence':
      return <EmergencyAlert urgence={message.urgence} />;
    case 'refus':
      return <BypassRefusal refus={message.refus} />;
    case 'aucune-fiche':
      return <NoSheetAnswer aucuneFiche={message.aucuneFiche} busy={busy} dispatch={dispatch} composerId={COMPOSER_ID} />;
    case 'analysis':
      return <AnalysisAnswer answer={message.answer} question={message.question} videos={message.videos} device={device} fault={fault} />;
  }
}
