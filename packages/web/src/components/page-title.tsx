import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * spec §2 back-arrow title bar: one step back, or two when an iframe is on the page (the
 * iframe's own navigation adds a history entry). Arriving directly, it goes to /home.
 */
export function PageTitle({ title, hasIframe = false, right }: { title: string; hasIframe?: boolean; right?: ReactNode }) {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx === 0) navigate('/home');
    else navigate(hasIframe && idx >= 2 ? -2 : -1);
  };
  return (
    <Group gap="sm" mb="md" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon variant="subtle" size={44} radius="xl" onClick={goBack} aria-label="Retour">
          <IconArrowLeft size={24} />
        </ActionIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
      </Group>
      {right}
    </Group>
  );
}
