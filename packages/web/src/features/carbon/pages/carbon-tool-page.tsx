import '@mantine/charts/styles.css';
import {
  type Appliance,
  CARBON_ENTRIES,
  type CarbonEntry,
  carbonBySlug,
  dayFr,
  kwhFr,
  normalizeForSearch,
  footprintPerYear,
  lifecycleFootprint,
  parisDay,
  production,
  savingVersusAverage,
  usagePerYear,
  wholeYearsBetween,
  withRealConsumption,
} from '@ecofoyer/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  type ComboboxParsedItem,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useApplianceOptions } from '../../appliances/api/appliance-options.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { applianceUpdatePath } from '../../appliances/paths.ts';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useRefProducts } from '../../references/api/references.ts';
import { useRecordAction } from '../api/actions.ts';

const MINE = 'Mes appareils';
const MIN_YEARS = 1;
const MAX_YEARS = 20;

/** The types are filtered here; « Mes appareils » come already searched by the server, never the whole inventory. */
function filterTypes({ options, search }: { options: ComboboxParsedItem[]; search: string }): ComboboxParsedItem[] {
  const q = normalizeForSearch(search);
  return options.map((o) =>
    'group' in o && o.group !== MINE && q ? { ...o, items: o.items.filter((i) => normalizeForSearch(i.label).includes(q)) } : o,
  );
}

const kg = (n: number, digits = 1) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(n)} kg`;
const yearsFr = (n: number) => `${n}\u00a0an${n > 1 ? 's' : ''}`;
const STATUS: Record<CarbonEntry['status'], string> = {
  ademe: 'Données ADEME',
  'estimated-phases': 'Estimation EcoFoyer (phases)',
  estimated: 'Estimation EcoFoyer',
};

/** One of my appliances by its name, then its brand and model. */
const applianceLabel = (a: Appliance) => [a.name, [a.marque, a.modele].filter(Boolean).join(' ')].filter(Boolean).join(' — ');

/**
 * One of my appliances is simulated from where it stands: the slider starts at its age, counted from
 * its purchase date, or at today when that date is unknown (within the slider's 1–20 years).
 */
function lifetimeStart(purchase: string | null, today: string): { years: number; age: number | null } {
  const age = purchase ? wholeYearsBetween(purchase, today) : null;
  return { years: Math.min(MAX_YEARS, Math.max(MIN_YEARS, age ?? 0)), age };
}

/** product §2/§9, carbon simulator: one of my appliances or a type, lifespan 1–20 years, charts drawn locally. */
export function CarbonToolPage() {
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const products = useRefProducts();
  const record = useRecordAction();
  const recorded = useRef(false);
  // The choice is a type's slug, or « slug|applianceId » for one of my appliances (the
  // slug part decides the figures, not a fallback to the first type).
  // `?type=slug&appareil=id` opens one of my appliances (its page links here).
  const [choice, setChoice] = useState<string>(
    () => `${params.get('type') ?? 'lave-linge'}${/^\d+$/.test(params.get('appareil') ?? '') ? `|${params.get('appareil')}` : ''}`,
  );
  // The appliance picked in the list is known at once; its own query answers a moment later.
  const [picked, setPicked] = useState<Appliance | null>(null);
  // The slider's value once moved; until then it stands at the choice's start.
  const [moved, setMoved] = useState<number | null>(null);
  const typeEntry: CarbonEntry | undefined = carbonBySlug.get(choice.split('|')[0] ?? '');
  const applianceId = Number(choice.split('|')[1]) || null;
  const chosen = useAppliance(applianceId);
  const appliance = chosen.data ?? (picked?.id === applianceId ? picked : null);
  // An appliance whose yearly consumption is known counts its own use phase, not the type's average.
  const kwh = appliance?.energy_kwh_year ?? null;
  const entry = typeEntry && kwh !== null ? withRealConsumption(typeEntry, kwh) : typeEntry;
  // The box shows the chosen option's label: that is no search, and my appliances are then the list's first page.
  const selectedLabel = appliance ? applianceLabel(appliance) : applianceId === null ? typeEntry?.name : undefined;
  const appliances = useApplianceOptions(search === selectedLabel ? '' : search);
  const start = appliance ? lifetimeStart(appliance.dt_achat, parisDay(new Date())) : null;
  // An appliance that cannot be read (gone since its page linked here) is simulated as its type.
  const waiting = applianceId !== null && !appliance && chosen.isPending;
  const years = moved ?? start?.years ?? entry?.lifespanYears ?? 10;

  // My appliances whose product has carbon data, offered before the types.
  const mine = useMemo(() => {
    const slugOf = new Map((products.data ?? []).map((p) => [p.id, p.carbonSlug]));
    // The appliance opened from its page is offered even when it is not on the list's first page.
    const listed =
      chosen.data && !appliances.appliances.some((a) => a.id === chosen.data.id)
        ? [chosen.data, ...appliances.appliances]
        : appliances.appliances;
    return listed.flatMap((a) => {
      const s = a.prod_id ? slugOf.get(a.prod_id) : null;
      return s && carbonBySlug.has(s) ? [{ value: `${s}|${a.id}`, label: applianceLabel(a), appliance: a }] : [];
    });
  }, [appliances.appliances, products.data, chosen.data]);

  const choose = (value: string | null) => {
    if (!value || !carbonBySlug.has(value.split('|')[0] ?? '')) return;
    setChoice(value);
    setPicked(mine.find((m) => m.value === value)?.appliance ?? null);
    setMoved(null);
  };
  const onYears = (value: number) => {
    setMoved(value);
    // The first simulation counts for the « Éco-simulateur » badge.
    if (!recorded.current) {
      recorded.current = true;
      record.mutate('carbon_simulation');
    }
  };

  const options = [
    ...(mine.length ? [{ group: MINE, items: mine.map(({ value, label }) => ({ value, label })) }] : []),
    { group: 'Types d’appareils', items: CARBON_ENTRIES.map((e) => ({ value: e.slug, label: e.name })) },
  ];
  return (
    <>
      <PageTitle title="Simulateur carbone" />
      <Stack gap="md" maw={960}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Select
              label="Appareil"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={filterTypes}
              value={entry ? choice : null}
              onChange={choose}
              data={options}
              // Opened, the list shows my appliances at its top rather than scrolling to the type chosen below them.
              selectFirstOptionOnDropdownOpen={mine.length > 0}
              placeholder="Choisissez un de vos appareils ou un type"
            />
            {!entry && (
              <Alert color="orange" role="alert" data-testid="carbon-unknown">
                Ce type d’appareil n’est pas dans notre base carbone. Choisissez un type ou un de vos appareils dans la liste.
              </Alert>
            )}
            {entry && waiting && <Skeleton h={96} radius="md" />}
            {entry && !waiting && <LifespanSlider entry={entry} years={years} onYears={onYears} />}
            {entry && start && appliance && (
              <Text size="sm" data-testid="carbon-age">
                {start.age === null ? (
                  <>
                    La date d’achat de cet appareil n’est pas renseignée{'\u00a0'}: la durée d’utilisation part d’aujourd’hui.
                    <EditOnly>
                      {' '}
                      <Anchor component={Link} to={applianceUpdatePath(appliance.id)} underline="always">
                        Ajoutez-la à sa fiche
                      </Anchor>{' '}
                      pour partir de son âge réel.
                    </EditOnly>
                  </>
                ) : (
                  `Acheté le ${dayFr(appliance.dt_achat ?? '')}, cet appareil a ${start.age === 0 ? 'moins d’un an' : yearsFr(start.age)}\u00a0: ${
                    start.age === 0
                      ? 'la durée d’utilisation part d’un an.'
                      : start.age > MAX_YEARS
                        ? `la durée d’utilisation part de ${yearsFr(MAX_YEARS)}, le plus long que compte le simulateur.`
                        : 'la durée d’utilisation part de son âge réel.'
                  }`
                )}
              </Text>
            )}
            {entry && appliance && (
              <Text size="sm" data-testid="carbon-usage-basis">
                {kwh !== null
                  ? `Usage calculé avec la consommation réelle de cet appareil : ${kwhFr(kwh)} par an.`
                  : 'Usage : la moyenne de ce type d’appareil (la consommation annuelle de cet appareil n’est pas renseignée).'}
              </Text>
            )}
          </Stack>
        </Paper>
        {entry && !waiting && <Simulation entry={entry} years={years} />}
      </Stack>
    </>
  );
}

function LifespanSlider({ entry, years, onYears }: { entry: CarbonEntry; years: number; onYears: (value: number) => void }) {
  return (
    <>
      <Group gap="xs">
        <Badge variant="light" color={entry.status === 'ademe' ? 'eco' : 'warm.8'}>
          {STATUS[entry.status]}
        </Badge>
        <Text size="sm" c="dimmed">
          Durée de vie moyenne : {entry.lifespanYears} ans
        </Text>
      </Group>
      <div>
        <Text fw={600} id="lifespan-label">
          Durée d’utilisation : {years} an{years > 1 ? 's' : ''}
        </Text>
        <Slider
          min={MIN_YEARS}
          max={MAX_YEARS}
          step={1}
          value={years}
          onChange={onYears}
          aria-labelledby="lifespan-label"
          // The thumb is the focusable slider: it needs the name too (axe aria-input-field-name).
          thumbProps={{ 'aria-labelledby': 'lifespan-label' }}
          marks={[
            { value: 1, label: '1 an' },
            { value: entry.lifespanYears, label: 'moyenne' },
            { value: 20, label: '20 ans' },
          ]}
          mb="lg"
        />
      </div>
    </>
  );
}

/**
 * The footprint per year of use (manufacturing and end of life spread over the years,
 * plus use), which falls as the appliance lasts; the life-cycle total, equal to the home box's
 * figure at the average lifespan; the saving against replacing it at the average lifespan.
 */
function Simulation({ entry, years }: { entry: CarbonEntry; years: number }) {
  const perYear = footprintPerYear(entry, years);
  const total = lifecycleFootprint(entry, years);
  const saving = savingVersusAverage(entry, years);
  const lifespan = entry.lifespanYears;
  const an = (n: number) => `${n} an${n > 1 ? 's' : ''}`;
  // The digital-equipment figures give manufacturing as one number: shown as such, no split invented.
  const phases = [
    { phase: 'Matières premières', kg: entry.phases.rawMaterials },
    { phase: 'Approvisionnement', kg: entry.phases.supply },
    { phase: 'Mise en forme', kg: entry.phases.forming },
    { phase: 'Fabrication (non détaillée par la source)', kg: entry.phases.construction ?? 0 },
    { phase: 'Assemblage et distribution', kg: entry.phases.assemblyAndDistribution },
    { phase: entry.endOfLife < 0 ? 'Fin de vie (crédit de recyclage)' : 'Fin de vie', kg: entry.endOfLife },
  ].filter((p) => p.kg !== 0 || p.phase.startsWith('Fin de vie'));
  const overYears = Array.from({ length: 20 }, (_, i) => ({
    année: `${i + 1}`,
    parAn: Math.round(footprintPerYear(entry, i + 1) * 10) / 10,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure label="Par année d’utilisation" value={kg(perYear)} testId="carbon-per-year" strong />
        <Figure label={`Total sur ${an(years)}`} value={kg(total)} testId="carbon-total" />
        <Figure label="Fabrication" value={kg(production(entry))} testId="carbon-production" />
        <Figure label="Usage (électricité) par an" value={kg(usagePerYear(entry), 2)} testId="carbon-usage" />
      </SimpleGrid>

      <Alert color={saving < -0.05 ? 'orange' : 'eco'} variant="light" icon={<IconInfoCircle />} data-testid="carbon-saving">
        {years > lifespan && saving > 0.05
          ? `En le gardant ${an(years)} au lieu de ${an(lifespan)} (la durée moyenne), vous évitez environ ${kg(saving)} de CO2e : la fabrication d’un appareil neuf est étalée sur plus d’années.`
          : years < lifespan && saving < -0.05
            ? `Le remplacer au bout de ${an(years)} au lieu de ${an(lifespan)} (la durée moyenne) ajoute environ ${kg(-saving)} de CO2e : il faudrait fabriquer plus tôt un appareil neuf.`
            : `À sa durée de vie moyenne (${an(lifespan)}), c’est l’empreinte que compte votre accueil pour ce type d’appareil : ${kg(total)}.`}
      </Alert>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="md" mb="sm">
            Empreinte par année d’utilisation (kg CO2e)
          </Title>
          <AreaChart
            h={260}
            data={overYears}
            dataKey="année"
            series={[{ name: 'parAn', label: 'kg CO2e par an', color: 'eco.7' }]}
            curveType="monotone"
            yAxisProps={{ domain: [0, 'auto'] }}
            referenceLines={[{ x: String(years), label: 'votre choix', color: 'warm.8' }]}
            xAxisLabel="années d’utilisation"
          />
          <Text size="xs" c="dimmed" mt="xs">
            Plus l’appareil dure, plus sa fabrication est amortie : l’empreinte de chaque année baisse.
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="md" mb="sm">
            Répartition par phase (kg CO2e)
          </Title>
          <BarChart
            h={260}
            data={phases}
            dataKey="phase"
            series={[{ name: 'kg', label: 'kg CO2e', color: 'warm.7' }]}
            tickLine="y"
            xAxisProps={{ angle: -20, textAnchor: 'end', height: 70, interval: 0 }}
          />
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="md" mb="xs">
          Sources
        </Title>
        <List size="sm" spacing={4}>
          {Object.entries(entry.sources).map(([k, v]) => (
            <List.Item key={k}>{v}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt="xs">
          Chiffres en kilogrammes d’équivalent CO2 (kg CO2e), d’après l’ADEME (base Impact CO2) quand elle les publie ; sinon, une
          estimation EcoFoyer signalée comme telle, calculée à partir de l’appareil ADEME le plus proche et de la consommation électrique
          habituelle. Dans la source ADEME, l’assemblage et la distribution forment un seul chiffre.
        </Text>
      </Paper>
    </>
  );
}

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="lg" p="md" bg={strong ? 'eco.0' : undefined}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={800} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
