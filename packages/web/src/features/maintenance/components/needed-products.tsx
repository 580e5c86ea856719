import { Group, Image, Stack, Text } from '@mantine/core';
import { useMaintenanceCards } from '../api/maintenance.ts';

/** The products and tools a maintenance needs, shown with its reminder (product §2, Notifications). */
export function NeededProducts({ productId, cardId }: { productId: number | null; cardId: number | null }) {
  const cards = useMaintenanceCards(productId);
  const card = cards.data?.find((c) => c.id === cardId);
  if (!card || card.agentlist.length === 0) return null;
  return (
    <Stack gap="xs" id="needed-products">
      <Text fw={700}>Produits nécessaires</Text>
      {card.agentlist.map((a) => (
        <Group key={a.id} gap="sm" wrap="nowrap">
          <Image src={a.pict} alt="" w={40} h={40} />
          <Text>
            {/* « — » marks a tool, which has no volume (never « — — × 1 »). */}
            {a.name}
            {a.volume && a.volume !== '—' ? ` — ${a.volume}` : ''} × {a.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
