import '@mantine/charts/styles.css';
import { CARBON_ENTRIES, type CarbonEntry, carbonBySlug, production, savedPerExtraYear, simulatedFootprint, usagePerYear } from '@ecofoyer/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Badge, Group, List, Paper, Select, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAppliances } from '../../appliances/api/appliances.ts';
import { useRecordAction } from '../../badges/api/actions.ts';
import { useRefProducts } from '../../references/api/references.ts';

const kg = (n: number, digits = 1) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(n)} kg`;
const STATUS: Record<CarbonEntry['status'], string> = {
  ademe: 'Données ADEME',
  'estimated-phases': 'Estimation EcoFoyer (phases)',
  estimated: 'Estimation EcoFoyer',
};

/** spec §2/§9 carbon simulator: a type or one of my appliances, lifespan 1–20 years, charts drawn locally. */
export function CarbonToolPage() {
  const [params] = useSearchParams();
  const appliances = useAppliances();
  const products = useRefProducts();
  const record = useRecordAction();
  const recorded = useRef(false);
  const [slug, setSlug] = useState<string>(params.get('type') ?? 'lave-linge');
  const entry = carbonBySlug.get(slug) ?? CARBON_ENTRIES[0];
  const [years, setYears] = useState(entry.lifespanYears);

  // My appliances whose product has carbon data, offered beside the types.
  const mine = useMemo(() => {
    const slugOf = new Map((products.data ?? []).map((p) => [p.id, p.carbonSlug]));
    return (appliances.data ?? []).flatMap((a) => {
      const s = a.prod_id ? slugOf.get(a.prod_id) : null;
      return s ? [{ value: `${s}|${a.id}`, label: `${a.name} (${a.marque ?? ''} ${a.modele ?? ''})`.trim() }] : [];
    });
  }, [appliances.data, products.data]);

  const choose = (value: string | null) => {
    if (!value) return;
    const next = carbonBySlug.get(value.split('|')[0]);
    if (!next) return;
    setSlug(value);
    setYears(next.lifespanYears);
  };
  const onYears = (value: number) => {
    setYears(value);
    // The first simulation counts for the « Éco-simulateur » badge.
    if (!recorded.current) {
      recorded.current = true;
      record.mutate('carbon_simulation', {
        onSuccess: ({ awarded }) => awarded.forEach((b) => notifications.show({ color: 'eco', title: 'Nouveau badge !', message: b.refbadge.name })),
      });
    }
  };

  const prod = production(entry);
  const perYear = usagePerYear(entry);
  const simulated = simulatedFootprint(entry, years);
  const phases = [
    { phase: 'Matières premières', kg: entry.phases.rawMaterials },
    { phase: 'Approvisionnement', kg: entry.phases.supply },
    { phase: 'Mise en forme', kg: entry.phases.forming },
    { phase: 'Assemblage et distribution', kg: entry.phases.assemblyAndDistribution },
    { phase: 'Fin de vie', kg: entry.endOfLife },
  ];
  const overYears = Array.from({ length: 20 }, (_, i) => ({ année: `${i + 1}`, empreinte: Math.round(simulatedFootprint(entry, i + 1) * 10) / 10 }));
  const extra = years - entry.lifespanYears;

  return (
    <>
      <PageTitle title="Simulateur carbone" />
      <Stack gap="md" maw={960}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Select
              label="Appareil"
              searchable
              value={slug}
              onChange={choose}
              data={[
                { group: 'Types d’appareils', items: CARBON_ENTRIES.map((e) => ({ value: e.slug, label: e.name })) },
                ...(mine.length ? [{ group: 'Mes appareils', items: mine }] : []),
              ]}
            />
            <Group gap="xs">
              <Badge variant="light" color={entry.status === 'ademe' ? 'eco' : 'warm.8'}>
                {STATUS[entry.status]}
              </Badge>
              <Text size="sm" c="dimmed">
                Durée de vie moyenne : {entry.lifespanYears} ans
              </Text>
            </Group>
            <div>
              <Text fw={600} id="lifespan-label">
                Durée d’utilisation : {years} an{years > 1 ? 's' : ''}
              </Text>
              <Slider
                min={1}
                max={20}
                step={1}
                value={years}
                onChange={onYears}
                aria-labelledby="lifespan-label"
                // The thumb is the focusable slider: it needs the name too (axe aria-input-field-name).
                thumbProps={{ 'aria-labelledby': 'lifespan-label' }}
                marks={[{ value: 1, label: '1 an' }, { value: entry.lifespanYears, label: 'moyenne' }, { value: 20, label: '20 ans' }]}
                mb="lg"
              />
            </div>
          </Stack>
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Paper withBorder radius="lg" p="md">
            <Text size="sm" c="dimmed">Fabrication</Text>
            <Text fz={22} fw={800} data-testid="carbon-production">{kg(prod)}</Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text size="sm" c="dimmed">Usage par an</Text>
            <Text fz={22} fw={800} data-testid="carbon-usage">{kg(perYear, 2)}</Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text size="sm" c="dimmed">Empreinte simulée sur {years} an{years > 1 ? 's' : ''}</Text>
            <Text fz={22} fw={800} data-testid="carbon-simulated">{kg(simulated)}</Text>
          </Paper>
        </SimpleGrid>

        <Alert color="eco" variant="light" icon={<IconInfoCircle />} data-testid="carbon-saving">
          Chaque année de plus évite environ {kg(savedPerExtraYear(entry))} par an de fabrication d’un appareil neuf.
          {extra > 0 && ` En le gardant ${extra} an${extra > 1 ? 's' : ''} de plus que la moyenne, vous évitez environ ${kg(extra * savedPerExtraYear(entry))}.`}
        </Alert>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="lg" p="md">
            <Title order={2} fz="md" mb="sm">Répartition par phase (kg CO2e)</Title>
            <BarChart h={260} data={phases} dataKey="phase" series={[{ name: 'kg', label: 'kg CO2e', color: 'eco.7' }]} tickLine="y" xAxisProps={{ angle: -20, textAnchor: 'end', height: 70, interval: 0 }} />
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={2} fz="md" mb="sm">Empreinte selon la durée d’utilisation</Title>
            <AreaChart
              h={260}
              data={overYears}
              dataKey="année"
              series={[{ name: 'empreinte', label: 'kg CO2e', color: 'warm.7' }]}
              curveType="linear"
              referenceLines={[{ x: String(years), label: 'votre choix', color: 'eco.8' }]}
              xAxisLabel="années"
            />
          </Paper>
        </SimpleGrid>

        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="md" mb="xs">Sources</Title>
          <List size="sm" spacing={4}>
            {Object.entries(entry.sources).map(([k, v]) => (
              <List.Item key={k}>{v}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="xs">
            Dans la source ADEME, l’assemblage et la distribution forment un seul chiffre. Méthode détaillée : contracts/src/data/METHOD.md.
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
