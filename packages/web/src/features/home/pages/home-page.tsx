import { HOME_UNIVERSES_SHOWN, MSG } from '@ecofoyer/contracts';
import { Anchor, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
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
import { inventoryFor, productListFor } from '../../../lib/paths.ts';
import { useSlot } from '../../../lib/slots.tsx';
import { useSession } from '../../auth/api/use-session.ts';
import { universeDetailPath } from '../../appliances/paths.ts';
import { useUniverses } from '../../universes/api/universes.ts';
import { ImpactBox } from '../components/impact-box.tsx';
import classes from './home-page.module.css';

type Entry = { to: string; label: string; text: string; icon: ComponentType<{ size?: number }> };

/** product §2, Home quick actions, with their flags. */
const QUICK_ACTIONS: Entry[] = [
  { to: '/new-device', label: 'Ajouter', text: 'un appareil', icon: IconPlus },
  { to: productListFor('tomaintenance'), label: 'Entretenir', text: 'un appareil', icon: IconSparkles },
  { to: productListFor('torepair'), label: 'Réparer', text: 'une panne', icon: IconTool },
  { to: inventoryFor('tosecond'), label: 'Seconde vie', text: 'donner, vendre, recycler', icon: IconRecycle },
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

/** product §2, Home, my universes (5). Its own component: the list arriving re-renders only it. */
function UniversesSection() {
  const universes = useUniverses();
  const own = (universes.data ?? []).filter((u) => u.univer_id > 0);
  return (
    <section aria-labelledby="my-universes">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="my-universes">
          Mes univers
        </Title>
        <Anchor component={Link} to="/inventaire/univers" fw={600}>
          {MSG.showMore}
        </Anchor>
      </Group>
      {/* product §2: a loading text until the universes are loaded. */}
      {universes.isPending && <Text c="dimmed">{MSG.loading}</Text>}
      {universes.data && own.length === 0 && (
        <Text c="dimmed">
          <Anchor component={Link} to="/inventaire/univers" underline="always">
            Créez votre première pièce
          </Anchor>{' '}
          pour y ranger vos appareils.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {own.slice(0, HOME_UNIVERSES_SHOWN).map((u) => (
          <UnstyledButton key={u.univer_id} component={Link} to={universeDetailPath(u.univer_id)} className={classes.tile} data-compact>
            {u.image && <Image src={u.image} alt="" h={56} w="100%" fit="contain" />}
            <div>
              <Text fw={700}>{u.name}</Text>
              <Text size="sm" c="dimmed">
                {u.text}
              </Text>
            </div>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** product §2, Home: greeting, quick actions, impact, my universes (5), my badges (4 visible), cards. */
export function HomePage() {
  const session = useSession();
  const GuaranteeSummary = useSlot('guaranteeSummary');
  const BadgesSection = useSlot('homeBadges');
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Bonjour {session?.firstname} !
      </Title>
      <section aria-labelledby="quick-actions">
        <Title order={2} fz="lg" mb="sm" id="quick-actions">
          Que voulez-vous faire ?
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {QUICK_ACTIONS.map((entry) => (
            <Tile key={entry.to} entry={entry} compact />
          ))}
        </SimpleGrid>
      </section>
      <ImpactBox />
      <GuaranteeSummary />
      <UniversesSection />
      <BadgesSection />
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
