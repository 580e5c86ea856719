import { Alert, Anchor, Button, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { donnonsUrl, EXTERNAL_LINKS } from '../../../lib/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSlot } from '../../../lib/slots.tsx';
import { MarkSecondLife } from '../components/mark-second-life.tsx';
import { SecondLifeHeader } from '../components/second-life-header.tsx';
import { useSecondLifeDevice } from '../components/use-second-life-device.ts';
import { DONNONS_CATEGORY } from '../second-life-content.ts';

function External({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      rightSection={<IconExternalLink size={16} />}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Layout({ title, children }: { title: string; children: (device: ReturnType<typeof useSecondLifeDevice>) => ReactNode }) {
  const device = useSecondLifeDevice();
  return (
    <>
      <PageTitle title={title} />
      {device.loading ? (
        <Skeleton h={240} radius="lg" />
      ) : (
        <Stack gap="md">
          <SecondLifeHeader device={device} />
          {children(device)}
        </Stack>
      )}
    </>
  );
}

/** product §2, Second life, give: the giving site searched by category, Emmaüs, the map on « donner ». */
export function GivePage() {
  const CircularMap = useSlot('circularMap');
  return (
    <Layout title="Donner mon appareil">
      {(device) => (
        <>
          <Text>{device.guide.give.intro}</Text>
          <Section title="Avant de donner">
            <List spacing={4}>
              {device.guide.give.conditions.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List>
          </Section>
          <Section title="Où donner">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Stack gap={6}>
                <Text size="sm">Proposez-le gratuitement à un particulier près de chez vous, dans la bonne catégorie.</Text>
                <External href={donnonsUrl(DONNONS_CATEGORY[device.family])} testId="donnons-link">
                  Donner sur Donnons.org
                </External>
              </Stack>
              <Stack gap={6}>
                <Text size="sm">
                  Apportez-le à un groupe Emmaüs, ou appelez-le : beaucoup viennent chercher gratuitement les gros appareils.
                </Text>
                <External href={EXTERNAL_LINKS.emmausGive} testId="emmaus-link">
                  Donner à Emmaüs
                </External>
              </Stack>
            </SimpleGrid>
          </Section>
          <Section title="Les lieux de don près de chez vous">
            <CircularMap actions={['donner']} title="Carte des lieux de don « Que faire de mes objets » (ADEME)" />
          </Section>
          <MarkSecondLife applianceId={device.appliance.data?.id ?? null} name={device.appliance.data?.name ?? null} outcome="given" />
        </>
      )}
    </Layout>
  );
}

/** Second life, sell: how and where to sell that kind of device, the map on « vendre ». */
export function SellPage() {
  const CircularMap = useSlot('circularMap');
  return (
    <Layout title="Vendre mon appareil">
      {(device) => (
        <>
          <Text>{device.guide.sell.intro}</Text>
          <Section title="Bien vendre, étape par étape">
            <List type="ordered" spacing={4}>
              {device.guide.sell.steps.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
            <Alert color="eco" mt="sm" title="Quel prix ?">
              {device.guide.sell.priceTip}
            </Alert>
          </Section>
          <Section title="Où vendre">
            <Stack gap="sm">
              {device.guide.sell.places.map((p) => (
                <Stack key={p.url} gap={4}>
                  <Anchor href={p.url} target="_blank" rel="noopener noreferrer" fw={700}>
                    {p.name} <IconExternalLink size={14} />
                  </Anchor>
                  <Text size="sm">{p.description}</Text>
                </Stack>
              ))}
            </Stack>
          </Section>
          <Section title="Les lieux de revente près de chez vous">
            <CircularMap actions={['revendre']} title="Carte des lieux de revente « Que faire de mes objets » (ADEME)" />
          </Section>
          <MarkSecondLife applianceId={device.appliance.data?.id ?? null} name={device.appliance.data?.name ?? null} outcome="sold" />
        </>
      )}
    </Layout>
  );
}

/** Second life, recycle: take-back and drop-off options, the map on « déposer ». */
export function RecyclePage() {
  const CircularMap = useSlot('circularMap');
  return (
    <Layout title="Recycler mon appareil">
      {(device) => (
        <>
          <Text>{device.guide.recycle.intro}</Text>
          {device.guide.recycle.warning && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle />}
              title="Attention"
              styles={{ title: { color: '#7c2d12' }, label: { color: '#7c2d12' } }}
            >
              {device.guide.recycle.warning}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {device.guide.recycle.options.map((o) => (
              <Section key={o.title} title={o.title}>
                <Text size="sm">{o.text}</Text>
              </Section>
            ))}
          </SimpleGrid>
          <Section title="Les points de collecte près de chez vous">
            <CircularMap actions={['trier', 'rapporter']} title="Carte des points de collecte « Que faire de mes objets » (ADEME)" />
          </Section>
          <MarkSecondLife applianceId={device.appliance.data?.id ?? null} name={device.appliance.data?.name ?? null} outcome="recycled" />
        </>
      )}
    </Layout>
  );
}
