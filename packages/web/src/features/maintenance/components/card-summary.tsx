import { cardDurationFr, cardFrequencyFr, type MaintenanceCard } from '@ecofoyer/contracts';
import { Alert, Anchor, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCalendarRepeat, IconCheck, IconClock, IconLeaf, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import dl from '../../../components/definition-list.module.css';
import { plannedAt } from '../../events/api/events.ts';
import { useFoyerRole } from '../../foyer/api/foyer.ts';
import { READ_ONLY_PLAN } from '../../foyer/components/writers-only.tsx';
import { dayFr } from '../maintenance-event.ts';
import { LevelBadge } from '../pages/maintenance-card-list-page.tsx';

/** The card's head: picture, appliance, duration, season, frequency, level, and its two actions. */
export function CardSummary({
  card,
  applianceName,
  canStart,
  onStart,
  onPlan,
  plannedDay,
  onPlannedDismiss,
}: {
  card: MaintenanceCard;
  applianceName: string | undefined;
  canStart: boolean;
  onStart: () => void;
  onPlan: () => void;
  plannedDay: string | null;
  onPlannedDismiss: () => void;
}) {
  const role = useFoyerRole();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Image
          src={card.pict}
          alt=""
          w={{ base: 80, sm: 140 }}
          h={{ base: 80, sm: 140 }}
          fit="contain"
          radius="md"
          bg="eco.0"
          style={{ flexShrink: 0 }}
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {applianceName ? (
            <Badge variant="light" size="lg" tt="none" c="eco.9" style={{ alignSelf: 'flex-start' }} data-testid="appliance-name">
              {applianceName}
            </Badge>
          ) : (
            <Skeleton h={26} w={140} />
          )}
          <dl className={dl.list}>
            <dt>Durée</dt>
            <dd>
              <IconClock size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {cardDurationFr(card, 'minutes')}
            </dd>
            {card.season && (
              <>
                <dt>Saison</dt>
                <dd data-testid="card-season">
                  <IconLeaf size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {card.season.label}
                </dd>
              </>
            )}
            <dt>Fréquence</dt>
            <dd>
              <IconCalendarRepeat size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {cardFrequencyFr(card.frequency)}
            </dd>
            <dt>Niveau</dt>
            <dd>
              <LevelBadge level={card.level} />
            </dd>
          </dl>
        </Stack>
      </Group>
      <Group mt="lg" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button size="md" h={48} leftSection={<IconPlayerPlay size={20} />} onClick={onStart} disabled={!canStart}>
          Commencer
        </Button>
        <Button
          size="md"
          h={48}
          color="warm.7"
          variant="outline"
          leftSection={<IconCalendarPlus size={20} />}
          onClick={onPlan}
          disabled={role === 'lecteur'}
          aria-describedby={role === 'lecteur' ? 'plan-read-only' : undefined}
        >
          Planifier cet entretien
        </Button>
      </Group>
      {role === 'lecteur' && (
        <Text size="sm" c="dimmed" mt="xs" id="plan-read-only">
          {READ_ONLY_PLAN}
        </Text>
      )}
      {plannedDay && (
        <Alert color="eco" icon={<IconCheck />} mt="md" withCloseButton closeButtonLabel="Fermer" onClose={onPlannedDismiss}>
          Entretien planifié le {dayFr(plannedAt(plannedDay))}.{' '}
          <Anchor component={Link} to={paths.calendar} fw={600}>
            Voir mon calendrier
          </Anchor>
        </Alert>
      )}
    </Paper>
  );
}
