import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardSection({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {right}
      </Group>
      {children}
    </Paper>
  );
}
