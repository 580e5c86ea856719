import { cardDurationFr, cardFrequencyFr, MSG, type MaintenanceCard } from '@ecofoyer/contracts';
import { Badge, Button, Card, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarRepeat, IconChevronRight, IconClock, IconLeaf, IconTool } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { productListFor } from '../../../lib/paths.ts';
import comingSoon from '../../../assets/illustrations/coming-soon.svg';
import { PageTitle } from '../../../components/page-title.tsx';
import { useRefProducts } from '../../references/api/references.ts';
import { useMaintenanceCards } from '../api/maintenance.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /entretien/fichedetail?card=…&prod=…(&appliance=…): the card travels in the query, like the appliance. */
export function cardDetailPath(cardId: number, prod: number, appliance: number | null): string {
  const query = new URLSearchParams({ card: String(cardId), prod: String(prod) });
  if (appliance) query.set('appliance', String(appliance));
  return `/entretien/fichedetail?${query}`;
}

/** The difficulty as a badge: green when easy, warm when medium, red when hard (dark text for contrast). */
const LEVEL_COLORS: Record<string, string> = { Facile: 'eco', Moyen: 'warm', Difficile: 'red' };
export function LevelBadge({ level }: { level: string }) {
  const color = LEVEL_COLORS[level] ?? 'gray';
  return (
    <Badge variant="light" color={color} c={`${color}.9`} tt="none" size="lg" fw={600} style={{ alignSelf: 'flex-start' }}>
      {level}
    </Badge>
  );
}

function MaintenanceCardItem({ card, to }: { card: MaintenanceCard; to: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="md" data-testid="maintenance-card" aria-label={card.title}>
      <Group wrap="nowrap" align="center" gap="md">
        <Image src={card.pict} alt="" w={72} h={72} fit="contain" radius="md" bg="eco.0" style={{ flexShrink: 0 }} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} lh={1.3}>
            {card.title}
          </Text>
          <Group gap="md" c="dimmed" fz="sm">
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <span>{cardDurationFr(card)}</span>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconCalendarRepeat size={16} aria-hidden />
              <span>{cardFrequencyFr(card.frequency)}</span>
            </Group>
            {card.season && (
              <Group gap={4} wrap="nowrap">
                <IconLeaf size={16} aria-hidden />
                <span>{card.season.label}</span>
              </Group>
            )}
          </Group>
          <LevelBadge level={card.level} />
        </Stack>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}

/** No product chosen, or no card for it: an illustration and the next action. */
function EmptyState({ text, action }: { text: string; action: string }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="md" ta="center">
        <Image src={comingSoon} alt="" w={200} h="auto" />
        <Text size="lg" maw={520}>
          {text}
        </Text>
        <Button component={Link} to={productListFor('tomaintenance')} color="warm.7" leftSection={<IconTool size={20} />}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

/** product §2, Maintenance card list (/entretien/fiche?prod=…&appliance=…). */
export function MaintenanceCardListPage() {
  const [params] = useSearchParams();
  const prod = positiveId(params.get('prod'));
  const appliance = positiveId(params.get('appliance'));
  const products = useRefProducts();
  const cards = useMaintenanceCards(prod);

  if (!prod) {
    return (
      <>
        <PageTitle title="Fiches d’entretien" />
        <EmptyState
          text="Choisissez d’abord l’appareil à entretenir : nous vous proposerons ses fiches d’entretien pas à pas."
          action="Choisir un produit"
        />
      </>
    );
  }

  const product = products.data?.find((p) => p.id === prod);
  return (
    <>
      {/* product §2: "Entretiens pour votre {product}" */}
      {product ? (
        <PageTitle title={`Entretiens pour votre ${product.prodName}`} />
      ) : products.isPending ? (
        <Skeleton h={44} w={280} mb="md" />
      ) : (
        <PageTitle title="Fiches d’entretien" />
      )}
      <Stack gap="md" maw={900}>
        {cards.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="status" aria-busy="true" aria-label={MSG.loading}>
            <Skeletons count={4} h={106} />
          </SimpleGrid>
        )}
        {cards.isError && <ErrorAlert message={cards.error.message} onRetry={() => cards.refetch()} />}
        {cards.isSuccess && cards.data.length === 0 && (
          <EmptyState
            text={`Nous n’avons pas encore de fiche d’entretien pour ${product ? `votre ${product.prodName.toLowerCase()}` : 'ce produit'}. Elles arrivent au fil des mises à jour !`}
            action="Choisir un autre produit"
          />
        )}
        {cards.isSuccess && cards.data.length > 0 && (
          <>
            <Title order={2} fz="md" c="dimmed" fw={500}>
              {cards.data.length === 1 ? '1 fiche d’entretien' : `${cards.data.length} fiches d’entretien`} : choisissez-en une pour voir
              les étapes et la planifier.
            </Title>
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              spacing="md"
              component="ul"
              aria-label="Fiches d’entretien"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {cards.data.map((card) => (
                <li key={card.id}>
                  <MaintenanceCardItem card={card} to={cardDetailPath(card.id, prod, appliance)} />
                </li>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </>
  );
}
