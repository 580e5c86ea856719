import type { BadgeToEarn } from '@ecofoyer/contracts';
import { Group, Image, Progress, Stack, Text, Title } from '@mantine/core';
import classes from './badge-slider.module.css';

/** The badges still to earn, each with what earns it and how far the household is. */
export function BadgesToEarn({ badges }: { badges: BadgeToEarn[] }) {
  if (badges.length === 0) return <Text c="dimmed">{'Bravo\u00a0: vous avez gagné tous les badges\u00a0!'}</Text>;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id="badges-to-earn">
        À gagner
      </Title>
      <ul aria-labelledby="badges-to-earn" className={classes.toEarn}>
        {badges.map((b) => (
          <li key={b.slug}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Image src={b.pict} alt="" w={40} h={40} className={classes.locked} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {b.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {b.howTo}
                </Text>
                {b.progress.target > 1 && (
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={(b.progress.current / b.progress.target) * 100}
                      size="sm"
                      style={{ flex: 1, maxWidth: 160 }}
                      aria-hidden
                    />
                    <Text size="xs" c="dimmed">
                      {b.progress.current} sur {b.progress.target}
                    </Text>
                  </Group>
                )}
              </Stack>
            </Group>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
