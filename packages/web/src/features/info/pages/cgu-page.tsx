import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { LegalSections } from '../components/legal-sections.tsx';
import { Link } from 'react-router';
import { useLegal } from '../api/legal.ts';
import { CGU_UPDATED_AT, cguSections } from '../cgu-content.ts';

const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/** The terms of use and privacy policy, with a table of contents. */
export function CguContent() {
  const sections = cguSections(useLegal());
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Dernière mise à jour : {dateFr.format(new Date(CGU_UPDATED_AT))}. Le détail de ce que nous conservons, et combien de temps, est dans
        la{' '}
        <Anchor component={Link} to="/confidentialite" underline="always">
          politique de confidentialité
        </Anchor>
        .
      </Text>
      <LegalSections sections={sections} numbered />
    </Stack>
  );
}

export function CguPage() {
  return (
    <>
      <PageTitle title="Conditions générales d’utilisation" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <CguContent />
      </Paper>
    </>
  );
}
