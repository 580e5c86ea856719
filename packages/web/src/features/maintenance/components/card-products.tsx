import type { MaintenanceCard } from '@ecofoyer/contracts';
import { ActionIcon, Anchor, Badge, Group, Image, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle, IconSpray } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { CardSection } from './card-section.tsx';

/** A product's picture, or a neutral icon while its drawing is missing. */
function AgentImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <ThemeIcon size={48} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
        <IconSpray size={26} />
      </ThemeIcon>
    );
  }
  return (
    <Image src={src} alt="" w={48} h={48} fit="contain" radius="md" bg="eco.0" style={{ flexShrink: 0 }} onError={() => setFailed(true)} />
  );
}

/** product §2: the info popup about the products, with the link to order them at /calendar. */
function ProductsInfo() {
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size={44} radius="xl" aria-label="Où trouver ces produits ?">
          <IconInfoCircle size={24} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">
            Ces produits se trouvent en grande surface, en droguerie ou en magasin de bricolage. Préférez les produits simples et
            écologiques (vinaigre blanc, bicarbonate, savon noir) et les recharges.
          </Text>
          <Anchor component={Link} to={paths.calendar} size="sm" fw={600}>
            Commander les produits
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The products and tools a card needs, with their count. */
export function CardProducts({ agents }: { agents: MaintenanceCard['agentlist'] }) {
  return (
    <CardSection title="Produits nécessaires" right={<ProductsInfo />}>
      {agents.length === 0 ? (
        <Text c="dimmed">Aucun produit particulier : de l’eau et un chiffon suffisent.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Produits nécessaires">
          {agents.map((agent) => (
            <Group key={agent.id} component="li" wrap="nowrap" gap="sm">
              <AgentImage src={agent.pict} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{agent.name}</Text>
                {/* "—" marks a tool, which has no volume. */}
                {agent.volume && agent.volume !== '—' && (
                  <Text size="sm" c="dimmed">
                    {agent.volume}
                  </Text>
                )}
              </div>
              <Badge variant="default" tt="none" size="lg" aria-label={`Quantité : ${agent.count}`}>
                × {agent.count}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </CardSection>
  );
}
