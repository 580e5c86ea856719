import { EMERGENCY_PRECAUTION, type Refus, type Urgence } from '@ecofoyer/contracts';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconFlame, IconHandStop, IconPhone } from '@tabler/icons-react';
import classes from './repair-chat.module.css';

/** An emergency, apart from the chat's bubbles: what to do now and the numbers to call, no step. */
export function EmergencyAlert({ urgence }: { urgence: Urgence }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconFlame />}
      title={urgence.titre}
      role="alert"
      data-testid="emergency"
      styles={{ title: { color: '#7f1d1d', fontSize: 'var(--mantine-font-size-md)' }, message: { color: '#450a0a' } }}
    >
      <Stack gap="xs">
        <List type="ordered" size="sm" spacing={4}>
          {urgence.consignes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group gap="xs">
          {urgence.numeros.map((n) => (
            <Button
              key={n.numero}
              component="a"
              href={`${n.numero === '114' ? 'sms' : 'tel'}:${n.numero.replace(/\s/g, '')}`}
              color="red"
              variant={n === urgence.numeros[0] ? 'filled' : 'outline'}
              size="sm"
              leftSection={<IconPhone size={16} />}
              aria-label={`${n.libelle} : ${n.numero}`}
              className={classes.option}
            >
              {n.numero}
            </Button>
          ))}
        </Group>
        <Text size="xs">{urgence.numeros.map((n) => `${n.numero} : ${n.libelle}`).join(' · ')}</Text>
        <Text size="sm" fw={700}>
          {EMERGENCY_PRECAUTION}
        </Text>
      </Stack>
    </Alert>
  );
}

/** A request to bypass a safety device, refused: why, and what to do instead. No step. */
export function BypassRefusal({ refus }: { refus: Refus }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconHandStop />}
      title={refus.titre}
      role="alert"
      data-testid="bypass-refusal"
      styles={{ title: { color: '#7c2d12', fontSize: 'var(--mantine-font-size-md)' }, message: { color: '#431407' } }}
    >
      <Stack gap="xs">
        {refus.explications.map((e) => (
          <Text key={e} size="sm">
            {e}
          </Text>
        ))}
        <Text size="sm" fw={700}>
          {refus.conseil}
        </Text>
      </Stack>
    </Alert>
  );
}
