import { longDateFr, SECOND_LIFE_LABELS } from '@ecofoyer/contracts';
import { Anchor, Badge, Group, Image, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconRecycle, IconTag } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ChoiceCard } from '../../../components/choice-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useState } from 'react';
import { useApplianceOptions } from '../../appliances/api/appliance-options.ts';
import { useSecondLifeHistory } from '../api/second-life.ts';
import { SecondLifeHeader } from '../components/second-life-header.tsx';
import { useSecondLifeDevice } from '../components/use-second-life-device.ts';

const CHOICES = [
  {
    to: '/secondlife/give',
    label: 'Donner',
    text: 'À une association, une ressourcerie ou un particulier près de chez vous.',
    icon: IconGift,
  },
  {
    to: '/secondlife/sell',
    label: 'Vendre',
    text: 'Entre particuliers ou à un reconditionneur, avec nos conseils de prix.',
    icon: IconTag,
  },
  {
    to: '/secondlife/recycle',
    label: 'Recycler',
    text: 'Quand il ne peut plus servir : les points de collecte et la reprise en magasin.',
    icon: IconRecycle,
  },
] as const;

/** product §2, Second life: give, sell or recycle; and the household's history of devices gone. */
export function SecondLifeChoicePage() {
  const navigate = useNavigate();
  const device = useSecondLifeDevice();
  const [search, setSearch] = useState('');
  const appliances = useApplianceOptions(search);
  const history = useSecondLifeHistory();
  return (
    <>
      <PageTitle title="Seconde vie" />
      <Stack gap="md">
        {device.loading ? (
          <Skeleton h={80} radius="lg" />
        ) : device.name ? (
          <SecondLifeHeader device={device} />
        ) : (
          <Select
            label="Quel appareil voulez-vous faire vivre ailleurs ?"
            placeholder={appliances.isPending ? 'Chargement…' : 'Choisir un de mes appareils'}
            data={appliances.appliances.map((a) => ({ value: String(a.id), label: a.name }))}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has searched already (accents, typos): every option it gave is shown.
            filter={({ options }) => options}
            maw={480}
            nothingFoundMessage="Aucun appareil"
            onChange={(value) => {
              const a = appliances.appliances.find((x) => String(x.id) === value);
              if (a) navigate(`/secondlife/actionselect?appliance=${a.id}${a.prod_id ? `&prod=${a.prod_id}` : ''}`);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {CHOICES.map(({ to, label, text, icon: Icon }) => (
            <ChoiceCard
              key={to}
              to={device.query ? `${to}?${device.query}` : to}
              icon={<Icon size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
              title={label}
              text={text}
            />
          ))}
        </SimpleGrid>

        <Title order={2} fz="lg" mt="md">
          Mes appareils partis vers une seconde vie
        </Title>
        {history.isPending ? (
          <Skeleton h={60} radius="lg" />
        ) : history.isError ? (
          <Text c="red.9">{history.error.message}</Text>
        ) : history.data.length === 0 ? (
          <Text c="dimmed">Aucun pour l’instant : un appareil donné, vendu ou recyclé apparaîtra ici.</Text>
        ) : (
          <Stack gap="xs" data-testid="second-life-history">
            {history.data.map((h) => (
              <Paper key={h.id} withBorder radius="md" p="xs">
                <Group gap="sm" wrap="nowrap">
                  <Image src={h.pict ?? '/logo.svg'} alt="" w={40} h={40} fit="contain" radius="sm" />
                  <Stack gap={0} style={{ flex: 1 }}>
                    <Text fw={600}>{h.name}</Text>
                    <Text size="sm" c="dimmed">
                      {h.prod_name ?? ''} · le {longDateFr(h.dt_second_life)}
                    </Text>
                  </Stack>
                  <Badge variant="light">{SECOND_LIFE_LABELS[h.outcome]}</Badge>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/productlist?flag=tosecond" size="sm">
          Voir les conseils pour un type d’appareil
        </Anchor>
      </Stack>
    </>
  );
}
