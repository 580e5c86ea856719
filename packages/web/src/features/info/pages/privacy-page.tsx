import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { useLegal } from '../api/legal.ts';
import { LegalSections } from '../components/legal-sections.tsx';
import { PRIVACY_UPDATED_AT, privacySections } from '../privacy-content.ts';

const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/**
 * « Politique de confidentialité »: public, so that it can be read before an account
 * exists; the editor's identity comes from the server's configuration.
 */
export function PrivacyPage() {
  const sections = privacySections(useLegal());
  return (
    <Container component="main" size={820} py="xl" px="md">
      <Stack gap="lg">
        <Anchor component={Link} to="/login" underline="never" aria-label="EcoFoyer, accueil" style={{ alignSelf: 'flex-start' }}>
          <Logo size={36} />
        </Anchor>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                Politique de confidentialité
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Dernière mise à jour : {dateFr.format(new Date(PRIVACY_UPDATED_AT))}
              </Text>
            </div>
            <LegalSections sections={sections} />
          </Stack>
        </Paper>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Retour à la connexion
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
