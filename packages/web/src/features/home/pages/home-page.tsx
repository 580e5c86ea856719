import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconHeartHandshake,
  IconLeaf,
  IconMapPin,
  IconMessageChatbot,
  IconPlus,
  IconRecycle,
  IconRefresh,
  IconSparkles,
  IconTool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { inventoryFor, productListFor } from '../../../app/paths.ts';
import { useSession } from '../../auth/api/use-session.ts';
import classes from './home-page.module.css';

type Entry = { to: string; label: string; text: string; icon: ComponentType<{ size?: number }> };

/** spec §2 Home quick actions, with their flags. */
const QUICK_ACTIONS: Entry[] = [
  { to: '/new-device', label: 'Ajouter', text: 'un appareil', icon: IconPlus },
  { to: productListFor('tomaintenance'), label: 'Entretenir', text: 'un appareil', icon: IconSparkles },
  { to: productListFor('torepair'), label: 'Réparer', text: 'une panne', icon: IconTool },
  { to: inventoryFor('tosecond'), label: 'Seconde Vie', text: 'donner, vendre, recycler', icon: IconRecycle },
];

const EXPLORE: Entry[] = [
  { to: '/carbotool', label: 'Simulateur carbone', text: 'L’effet d’une durée de vie plus longue', icon: IconLeaf },
  { to: '/carbomap', label: 'Carte de l’économie circulaire', text: 'Réparer, donner, recycler près de chez vous', icon: IconMapPin },
  { to: '/calendar', label: 'Calendrier', text: 'Vos entretiens planifiés', icon: IconCalendarEvent },
  { to: '/repair', label: 'Assistant de réparation', text: 'Diagnostiquer une panne', icon: IconMessageChatbot },
  { to: '/renew/optionselect', label: 'Se rééquiper', text: 'Réparer, reconditionné ou neuf', icon: IconRefresh },
  { to: '/offres', label: 'Offres Partenaires', text: 'Réparation, pièces, reconditionné', icon: IconHeartHandshake },
];

function Tile({ entry, compact }: { entry: Entry; compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={entry.to} className={classes.tile} data-compact={compact || undefined}>
      <ThemeIcon size={compact ? 44 : 40} radius="xl" variant="light" aria-hidden>
        <entry.icon size={22} />
      </ThemeIcon>
      <div>
        <Text fw={700}>{entry.label}</Text>
        <Text size="sm" c="dimmed">
          {entry.text}
        </Text>
      </div>
    </UnstyledButton>
  );
}

/** /home: greeting, quick actions and the ways into the app (the dashboard arrives with its issue). */
export function HomePage() {
  const session = useSession();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Bonjour {session?.firstname} !
      </Title>
      <section aria-labelledby="quick-actions">
        <Title order={2} fz="lg" mb="sm" id="quick-actions">
          Que voulez-vous faire ?
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {QUICK_ACTIONS.map((entry) => (
            <Tile key={entry.to} entry={entry} compact />
          ))}
        </SimpleGrid>
      </section>
      <Paper withBorder radius="lg" p="lg">
        <Text>
          Bientôt ici : l’impact carbone de vos appareils, vos univers et vos badges.
        </Text>
      </Paper>
      <section aria-labelledby="explore">
        <Title order={2} fz="lg" mb="sm" id="explore">
          Explorer EcoFoyer
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {EXPLORE.map((entry) => (
            <Tile key={entry.to} entry={entry} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
