import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './choice-card.module.css';

/** A tappable card leading to one of several choices (second life, re-equipment). */
export function ChoiceCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" className={classes.choice}>
      <Stack gap={6}>
        {icon}
        <Text fw={700} fz="lg">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
