import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconMap2, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { useSlot } from '../../../lib/slots.tsx';
import type { ChatDevice } from '../chat-machine.ts';
import classes from './repair-chat.module.css';

export function RepairersAnswer({ text, device }: { text: string; device: ChatDevice }) {
  const CircularMap = useSlot('circularMap');
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
      <Modal opened={opened} onClose={map.close} title="Réparateurs près de chez toi" size="xl">
        <CircularMap title="Carte des réparateurs « Que faire de mes objets » de l’ADEME" />
      </Modal>
    </Stack>
  );
}
