import { Button, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import comingSoon from '../assets/illustrations/coming-soon.svg';
import { PageTitle } from './page-title.tsx';

/** A route whose feature arrives in a later release: its title and what will be there. */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="md" ta="center">
          <Image src={comingSoon} alt="" w={220} h="auto" />
          <Text size="lg" maw={560}>
            {description}
          </Text>
          <Text size="sm" c="dimmed">
            Cette page arrive bientôt dans EcoFoyer.
          </Text>
          <Button component={Link} to="/home" variant="light">
            Retour à l’accueil
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
