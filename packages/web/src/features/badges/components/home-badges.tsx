import { Stack, Text, Title } from '@mantine/core';
import { useBadges, useBadgesToEarn } from '../api/badges.ts';
import { BadgeSlider } from './badge-slider.tsx';
import { BadgesToEarn } from './badges-to-earn.tsx';

/** product §2, Home, my badges (4 visible, the rest by scrolling), then the ones still to earn. */
export function HomeBadges() {
  const badges = useBadges();
  const toEarn = useBadgesToEarn();
  return (
    <section aria-labelledby="my-badges">
      <Title order={2} fz="lg" mb="sm" id="my-badges">
        Mes badges
      </Title>
      <Stack gap="md">
        {badges.data?.length === 0 && <Text c="dimmed">Ajoutez un appareil ou réalisez un entretien pour gagner votre premier badge.</Text>}
        {badges.data && badges.data.length > 0 && <BadgeSlider badges={badges.data} />}
        {toEarn.data && <BadgesToEarn badges={toEarn.data} />}
      </Stack>
    </section>
  );
}
