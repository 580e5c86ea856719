import type { MaintenanceCard } from '@ecofoyer/contracts';
import { List, Text } from '@mantine/core';
import { CardSection } from './card-section.tsx';

/** The titles of a card's steps, in order, before the user starts them. */
export function CardStepList({ steps }: { steps: MaintenanceCard['steplist'] }) {
  return (
    <CardSection title="Les étapes">
      {steps.length === 0 ? (
        <Text c="dimmed">Les étapes détaillées de cette fiche arrivent bientôt.</Text>
      ) : (
        <List type="ordered" spacing="xs">
          {steps.map((s) => (
            <List.Item key={s.id}>{s.title}</List.Item>
          ))}
        </List>
      )}
    </CardSection>
  );
}
