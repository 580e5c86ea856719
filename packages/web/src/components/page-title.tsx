import { ActionIcon, Box, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * product §2, back-arrow title bar: one step back to the page before this one. A frame on the page
 * (the ADEME map, a booking widget) adds history entries only when the user navigates inside it,
 * so the steps are counted rather than assumed (a fixed two steps skipped a page when
 * the frame had not moved). Arriving directly, it goes to /home.
 */
export function PageTitle({ title, right }: { title: string; right?: ReactNode }) {
  const navigate = useNavigate();
  const lengthAtMount = useRef(typeof window === 'undefined' ? 0 : window.history.length);
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx === 0) return navigate('/home');
    const addedByFrames = Math.max(0, window.history.length - lengthAtMount.current);
    navigate(-(1 + addedByFrames));
  };
  return (
    <Group gap="sm" mb="md" wrap="nowrap" justify="space-between" align="flex-start">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <ActionIcon variant="subtle" size={44} radius="xl" onClick={goBack} aria-label="Retour" style={{ flexShrink: 0 }}>
          <IconArrowLeft size={24} />
        </ActionIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      </Group>
      {right && <Box style={{ flexShrink: 0 }}>{right}</Box>}
    </Group>
  );
}
