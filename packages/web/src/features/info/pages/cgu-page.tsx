import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title.tsx';
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
        Dernière mise à jour : {dateFr.format(new Date(CGU_UPDATED_AT))}. Le détail de ce que nous conservons, et combien de temps, est dans la{' '}
        <Anchor component={Link} to="/confidentialite" underline="always">
          politique de confidentialité
        </Anchor>
        .
      </Text>
      <nav aria-label="Sommaire">
        <List size="sm" spacing={2}>
          {sections.map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <Title order={2} fz="lg" id={`${s.id}-title`} mb="xs">
            {i + 1}. {s.title}
          </Title>
          <Stack gap="xs">
            {s.paragraphs.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
          </Stack>
        </section>
      ))}
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
