import { Accordion, Anchor, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useLegal } from '../api/legal.ts';
import { faqGroups } from '../faq-content.ts';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Frequently asked questions, grouped, with a filter. */
export function FaqPage() {
  const [query, setQuery] = useState('');
  const deferred = fold(useDeferredValue(query).trim());
  const legal = useLegal();
  const groups = faqGroups(legal)
    .map((g) => ({
      ...g,
      items: deferred ? g.items.filter((i) => fold(`${i.question} ${i.answer.join(' ')}`).includes(deferred)) : g.items,
    }))
    .filter((g) => g.items.length > 0);

  return (
    <>
      <PageTitle title="Questions fréquentes" />
      <Stack maw={820} gap="lg">
        <TextInput
          leftSection={<IconSearch size={18} />}
          placeholder="Rechercher une question…"
          aria-label="Rechercher dans les questions fréquentes"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {groups.length === 0 && (
          <Text c="dimmed">
            Aucune question ne correspond à « {query} ». Consultez les{' '}
            <Anchor component={Link} to="/cgu">
              conditions d’utilisation
            </Anchor>{' '}
            ou reformulez votre recherche.
          </Text>
        )}
        {groups.map((group) => (
          <Paper key={group.id} withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} fz="lg" mb="sm" id={`faq-${group.id}`}>
              {group.title}
            </Title>
            <Accordion variant="separated" aria-labelledby={`faq-${group.id}`}>
              {group.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id} id={item.id}>
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      {item.answer.map((p) => (
                        <Text key={p}>{p}</Text>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
