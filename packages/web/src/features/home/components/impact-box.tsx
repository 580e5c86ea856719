import { carbonBySlug, checkCountResponse, ELECTRICITY_FACTOR_FR, homeImpact } from '@ecofoyer/contracts';
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLeaf, IconPlane, IconRecycle, IconTree } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useApplianceCount } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';

const kgFr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

function Figure({ icon, value, label, testId }: { icon: ReactNode; value: string; label: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fz={22} fw={800} data-testid={testId}>
          {value}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </div>
    </Group>
  );
}

/** product §9, home impact: kg CO2 of the inventory, trees per year, Paris–New York round trips. */
export function ImpactBox() {
  const count = useApplianceCount();
  const products = useRefProducts();
  const impact = useMemo(() => {
    if (!count.data || !products.data) return null;
    try {
      const counts = checkCountResponse(count.data);
      const entryOf = new Map(products.data.map((p) => [p.prodName, p.carbonSlug ? carbonBySlug.get(p.carbonSlug) : undefined]));
      // What is an estimate is said to be one.
      const estimated = Object.entries(counts.data).reduce((n, [name, c]) => (entryOf.get(name)?.status === 'ademe' ? n : n + c), 0);
      // The appliances whose label gave their consumption count it, not their type's average.
      const known = counts.meta.knownKwhYear ?? {};
      const real = Object.entries(known).reduce(
        (n, [name, kwh]) => (entryOf.get(name) ? n + Math.min(kwh.length, counts.data[name] ?? 0) : n),
        0,
      );
      return {
        ...homeImpact(counts.data, (name) => entryOf.get(name), known),
        total: counts.meta.totalAppliances,
        secondLife: counts.meta.secondLife ?? 0,
        estimated,
        real,
      };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [count.data, products.data]);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="impact-title">
      <Title order={2} fz="lg" id="impact-title" mb="sm">
        L’impact carbone de mes appareils
      </Title>
      {(count.isPending || products.isPending) && <Skeleton h={64} />}
      {count.isError && <Alert color="red">{count.error.message}</Alert>}
      {impact && 'error' in impact && <Alert color="red">{impact.error}</Alert>}
      {impact && !('error' in impact) && (
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Figure
              icon={<IconLeaf />}
              value={`${kgFr.format(impact.kg)} kg CO2e`}
              label={`sur la vie de ${impact.total} appareil${impact.total > 1 ? 's' : ''}`}
              testId="impact-kg"
            />
            <Figure
              icon={<IconTree />}
              value={oneDecimal.format(impact.trees)}
              label="arbres pendant un an pour l’absorber"
              testId="impact-trees"
            />
            <Figure
              icon={<IconPlane />}
              value={oneDecimal.format(impact.trips)}
              label="allers-retours Paris–New York"
              testId="impact-trips"
            />
          </Group>
          {impact.secondLife > 0 && (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                <IconRecycle size={16} />
              </ThemeIcon>
              <Text size="sm" data-testid="impact-second-life">
                <strong>{impact.secondLife}</strong> appareil{impact.secondLife > 1 ? 's' : ''} donné{impact.secondLife > 1 ? 's' : ''},
                vendu
                {impact.secondLife > 1 ? 's' : ''} ou recyclé{impact.secondLife > 1 ? 's' : ''} :{' '}
                {impact.secondLife > 1 ? 'ils ne comptent' : 'il ne compte'} plus dans votre empreinte.{' '}
                <Anchor component={Link} to="/secondlife/actionselect" underline="always">
                  Voir l’historique
                </Anchor>
              </Text>
            </Group>
          )}
          <Text size="xs" c="dimmed" data-testid="impact-method">
            Fabrication, usage sur la durée de vie moyenne et fin de vie, d’après l’ADEME (base Impact CO2)
            {impact.estimated > 0
              ? ` ; ${impact.estimated} appareil${impact.estimated > 1 ? 's' : ''} sans données publiques complètes ${impact.estimated > 1 ? 'sont estimés' : 'est estimé'} par EcoFoyer à partir de l’appareil ADEME le plus proche`
              : ''}
            {impact.real > 0
              ? ` ; pour ${impact.real} appareil${impact.real > 1 ? 's' : ''}, l’usage compte ${impact.real > 1 ? 'leur' : 'sa'} consommation réelle (étiquette énergie) au facteur du mix électrique français, ${ELECTRICITY_FACTOR_FR} kg CO2e/kWh (ADEME, Base Empreinte)`
              : ''}
            . Équivalences : un arbre absorbe environ 35 kg de CO2 par an ; un aller-retour Paris–New York en avion est compté pour 3,5
            tonnes de CO2e.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
