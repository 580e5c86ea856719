import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { LegalSection } from '../cgu-content.ts';

/** A legal text's table of contents, then its sections (the CGU numbered, the privacy policy not). */
export function LegalSections({ sections, numbered = false }: { sections: LegalSection[]; numbered?: boolean }) {
  return (
    <>
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
            {numbered ? `${i + 1}. ${s.title}` : s.title}
          </Title>
          <Stack gap="xs">
            {s.paragraphs.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
          </Stack>
        </section>
      ))}
    </>
  );
}
