import { longDateFr } from '@ecofoyer/contracts';
import { Anchor, Box, Button, Center, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { usePublicBadge } from '../api/badges.ts';

/** /public/badges/{publicUuid}: no login; the badge and the holder's first name only. */
export function PublicBadgePage() {
  const { publicUuid } = useParams();
  const badge = usePublicBadge(publicUuid);
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-eco-0)" p="md">
      <Center>
        <Stack maw={520} w="100%" gap="lg" align="center">
          <Anchor component={Link} to="/login" underline="never" aria-label="EcoFoyer">
            <Logo size={40} />
          </Anchor>
          <Paper withBorder radius="lg" p="xl" w="100%">
            {badge.isPending && <Skeleton h={260} />}
            {badge.isError && (
              <Stack align="center" ta="center">
                <Title order={1} fz={24}>
                  Badge introuvable
                </Title>
                <Text>Ce lien de partage ne correspond à aucun badge.</Text>
              </Stack>
            )}
            {badge.data && (
              <Stack align="center" ta="center">
                <Image src={badge.data.refbadge.pict} alt={`Badge ${badge.data.refbadge.name}`} w={160} h={160} />
                <Title order={1} fz={24}>
                  {badge.data.firstname} a obtenu le badge « {badge.data.refbadge.name} »
                </Title>
                <Text>{badge.data.refbadge.description}</Text>
                <Text c="dimmed">Le {longDateFr(badge.data.dt_obtention)}</Text>
              </Stack>
            )}
          </Paper>
          <Text ta="center">EcoFoyer aide les foyers à entretenir, réparer et faire durer leurs appareils.</Text>
          <Button component={Link} to="/register">
            Créer mon compte gratuit
          </Button>
        </Stack>
      </Center>
    </Box>
  );
}
