import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../auth/api/use-session.ts';

/** /home: the greeting; the dashboard (impact, universes, badges, cards) arrives with its issue. */
export function HomePage() {
  const session = useSession();
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Bonjour {session?.firstname} !
      </Title>
      <Paper withBorder radius="lg" p="lg">
        <Text>
          Votre tableau de bord arrive bientôt : l’impact carbone de vos appareils, vos univers, vos badges, et des
          raccourcis pour ajouter, entretenir, réparer ou donner une seconde vie à vos appareils.
        </Text>
      </Paper>
    </Stack>
  );
}
