import type { Appliance } from '@ecofoyer/contracts';
import { Card, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './appliance-card.module.css';

/** One appliance in a grid: its picture (or its product's icon), name, brand and model. */
export function ApplianceCard({ appliance, to }: { appliance: Appliance; to: string }) {
  const picture = appliance.pict ?? appliance.product?.pict ?? '/logo.svg';
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
