import type { AucuneFiche } from '@ecofoyer/contracts';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconMap2, IconPencil } from '@tabler/icons-react';
import type { ChatEvent } from '../chat-machine.ts';
import classes from './repair-chat.module.css';

/** No sheet for this problem, said plainly rather than guessed, with the ways out. */
export function NoSheetAnswer({
  aucuneFiche,
  busy,
  dispatch,
  composerId,
}: {
  aucuneFiche: AucuneFiche;
  busy: boolean;
  dispatch: (event: ChatEvent) => void;
  composerId: string;
}) {
  return (
    <Stack gap="xs" data-testid="no-sheet">
      <Text>{aucuneFiche.message}</Text>
      <Text fw={700} size="sm">
        Tu peux :
      </Text>
      <List size="sm" spacing={2}>
        {aucuneFiche.suggestions.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <Button
          variant="light"
          className={classes.option}
          leftSection={<IconMap2 size={18} />}
          disabled={busy}
          onClick={() => dispatch({ type: 'repairers' })}
        >
          Trouver un réparateur
        </Button>
        <Button
          variant="subtle"
          className={classes.option}
          leftSection={<IconPencil size={18} />}
          onClick={() => document.getElementById(composerId)?.focus()}
        >
          Décrire autrement
        </Button>
      </Group>
    </Stack>
  );
}
