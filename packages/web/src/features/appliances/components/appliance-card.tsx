import { type Appliance, QUEUE_TEXTS } from '@ecofoyer/contracts';
import { Badge, Card, Image, Text } from '@mantine/core';
import type { Pending } from '../../../lib/offline-writes.ts';
import { Link } from 'react-router';
import classes from './appliance-card.module.css';

/**
 * One appliance in a grid: its picture (or its product's icon), name, brand and model. One added
 * offline shows « En attente d’envoi » and opens nothing until the server has it (decision 031).
 */
export function ApplianceCard({ appliance, to }: { appliance: Pending<Appliance>; to: string }) {
  const picture = appliance.pict ?? appliance.product?.pict ?? '/logo.svg';
  if (appliance.pending)
    return (
      <Card withBorder radius="lg" padding="sm" className={classes.card} data-testid="appliance-card">
        <Card.Section className={classes.media}>
          <Image src={picture} alt="" h={120} fit="contain" p="md" />
        </Card.Section>
        <Text fw={700} mt="sm" lineClamp={2}>
          {appliance.name}
        </Text>
        <Badge
          color={appliance.pending === 'refused' ? 'red' : 'blue'}
          c={appliance.pending === 'refused' ? 'red.9' : 'blue.9'}
          variant="light"
          size="sm"
          mt={4}
        >
          {appliance.pending === 'refused' ? 'Non envoyé' : QUEUE_TEXTS.pending}
        </Badge>
      </Card>
    );
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="sm" className={classes.card} data-testid="appliance-card">
      <Card.Section className={classes.media}>
        <Image src={picture} alt="" h={120} fit={appliance.pict ? 'cover' : 'contain'} p={appliance.pict ? 0 : 'md'} />
      </Card.Section>
      <Text fw={700} mt="sm" lineClamp={2}>
        {appliance.name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {[appliance.marque, appliance.modele].filter(Boolean).join(' · ') || appliance.prod_name}
      </Text>
    </Card>
  );
}
