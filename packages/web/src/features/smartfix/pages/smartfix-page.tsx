import '@mantine/charts/styles.css';
import { MSG, numberFr, repairPercent, repairPercentLabel, SMARTFIX_AGE_MAX, SMARTFIX_AGE_PATTERN, TEXT_MAX } from '@ecofoyer/contracts';
import { DonutChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, List, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconExternalLink } from '@tabler/icons-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePredictRepairability, useSmartfixCategories } from '../api/smartfix.ts';
import { type CategoryChoice, categoryChoices, searchCategoryChoices } from '../components/category-options.ts';

/**
 * product §2, Smart-fix: category, brand, age (digits only) and problem → a half-doughnut of the repair
 * probability and « Réparable : Oui/Non » (product §2, with the French space before the colon). Also:
 * the estimate reads beside the average of the same kind of appliance, with what moved it and the
 * caveat; the select also offers finer kinds and finds everyday words (« frigo »).
 */
export function SmartfixPage() {
  const categories = useSmartfixCategories();
  const predict = usePredictRepairability();
  const choices = useMemo(() => categoryChoices(categories.data ?? []), [categories.data]);
  const filter = useMemo(() => searchCategoryChoices(choices), [choices]);
  /** The choice the shown result was asked for (the select may have changed since). */
  const [asked, setAsked] = useState<CategoryChoice | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [brand, setBrand] = useState('');
  const [age, setAge] = useState('');
  const [problem, setProblem] = useState('');
  const [errors, setErrors] = useState<{ category?: string; age?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      category: category ? undefined : MSG.smartfixCategoryInvalid,
      age:
        age === ''
          ? undefined
          : !SMARTFIX_AGE_PATTERN.test(age)
            ? MSG.smartfixAgeDigits
            : Number(age) > SMARTFIX_AGE_MAX
              ? MSG.smartfixAgeTooOld
              : undefined,
    };
    setErrors(next);
    const choice = choices.find((c) => c.value === category);
    if (next.category || next.age || !choice) return;
    setAsked(choice);
    predict.mutate(
      {
        product_category_id: choice.categoryId,
        kind: choice.kind,
        brand: brand.trim(),
        product_age: age === '' ? null : Number(age),
        problem: problem.trim(),
      },
      // On a phone the result is below the form: bring it into view (under the app's header).
      {
        onSuccess: () =>
          requestAnimationFrame(() => {
            const top = resultRef.current?.getBoundingClientRect().top;
            if (top !== undefined && (top < 0 || top > window.innerHeight / 2))
              resultRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }),
      },
    );
  };

  const result = predict.data;
  // One rounding for every figure of the screen.
  const chartValue = result ? repairPercent(result.repair_probability) : 0;
  const label = result ? repairPercentLabel(result.repair_probability) : '';
  return (
    <>
      <PageTitle title="Smart-fix : est-ce réparable ?" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            {categories.isError ? (
              <ErrorAlert message={categories.error.message} onRetry={() => categories.refetch()} />
            ) : (
              <Select
                label="Catégorie"
                placeholder={categories.isPending ? MSG.loading : 'Choisir une catégorie'}
                data={choices.map((c) => ({ value: c.value, label: c.label }))}
                filter={filter}
                limit={100}
                value={category}
                onChange={(v) => {
                  setCategory(v);
                  setErrors((e) => ({ ...e, category: undefined }));
                }}
                searchable
                nothingFoundMessage="Aucune catégorie"
                error={errors.category}
                required
              />
            )}
            <TextInput
              label="Marque"
              placeholder="Bosch, Samsung, Philips…"
              value={brand}
              onChange={(e) => setBrand(e.currentTarget.value)}
              maxLength={100}
            />
            <TextInput
              label="Âge (en années)"
              placeholder="Par exemple 6"
              inputMode="numeric"
              value={age}
              onChange={(e) => {
                setAge(e.currentTarget.value);
                // A field's error goes once it is changed: it may no longer hold.
                setErrors((errs) => ({ ...errs, age: undefined }));
              }}
              maxLength={3}
              error={errors.age}
            />
            <AutoTextarea
              label="Problème"
              placeholder="Décrivez la panne : ne s’allume plus, fuit, fait du bruit…"
              value={problem}
              onChange={(e) => setProblem(e.currentTarget.value)}
              maxLength={TEXT_MAX}
              description={`${problem.length}/${TEXT_MAX} caractères`}
            />
            <Button type="submit" loading={predict.isPending} w="fit-content">
              Estimer la réparabilité
            </Button>
            {predict.isError && (
              <Text c="red.9" role="alert">
                {errorMessage(predict.error, MSG.networkError)}
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="lg"
          p="md"
          aria-live="polite"
          ref={resultRef}
          style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 12px)' }}
        >
          {result ? (
            <Stack gap="xs" align="center" data-testid="smartfix-result">
              <Title order={2} fz="xl" ta="center" c="eco.9" data-testid="smartfix-yours">
                {MSG.smartfixYours(label)}
              </Title>
              <Text ta="center" data-testid="smartfix-average">
                {MSG.smartfixAverage(repairPercentLabel(result.category_rate), asked?.plural ?? result.category_name)}
                <Text span size="sm" c="dimmed" display="block">
                  ({MSG.smartfixAverageRecords(numberFr(result.category_records))})
                </Text>
              </Text>
              <div role="img" aria-label={`Probabilité de réparation : ${label}`}>
                <DonutChart
                  data={[
                    { name: 'Réparable', value: chartValue, color: 'eco.6' },
                    { name: 'Non réparable', value: 100 - chartValue, color: 'gray.3' },
                  ]}
                  startAngle={180}
                  endAngle={0}
                  size={220}
                  thickness={30}
                  chartLabel={label}
                  withTooltip={false}
                  mb={-90}
                  data-testid="smartfix-chart"
                />
              </div>
              <Text fw={600} data-testid="smartfix-probability">
                Probabilité de réparation : {label}
              </Text>
              <Title order={3} fz="md" fw={500} c={result.is_repairable ? 'eco.9' : 'red.9'}>
                Réparable{'\u00a0'}: {result.is_repairable ? 'Oui' : 'Non'}
              </Title>
              <Stack gap={4} w="100%" data-testid="smartfix-factors">
                <Text fw={600} size="sm">
                  {MSG.smartfixFactorsTitle}
                </Text>
                {result.factors.length > 0 ? (
                  <List spacing="xs" size="sm" center>
                    {result.factors.map((f) => (
                      <List.Item
                        key={f.label}
                        icon={
                          f.effect === 'hausse' ? (
                            <IconArrowUpRight size={16} color="var(--mantine-color-eco-8)" aria-hidden />
                          ) : (
                            <IconArrowDownRight size={16} color="var(--mantine-color-red-8)" aria-hidden />
                          )
                        }
                      >
                        <Text span size="sm" lh={1.45}>
                          {MSG.smartfixFactor(f.label, f.effect === 'hausse', f.points)}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm">{MSG.smartfixNoFactor}</Text>
                )}
              </Stack>
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                w="100%"
                p="xs"
                data-testid="smartfix-caveat"
              >
                <Text size="sm">{MSG.smartfixCaveat}</Text>
              </Alert>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                Votre estimation
              </Title>
              <Text c="dimmed">Remplissez le formulaire : l’estimation s’affiche ici.</Text>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      <Alert color="eco" mt="lg" title="Sur quoi repose cette estimation ?">
        <Stack gap={6}>
          <Text size="sm">
            Le modèle a appris sur 52 533 réparations réelles tentées dans des repair cafés (Danemark, pays de Galles, Toronto, Belgique et
            Pays-Bas, États-Unis) : pour chaque appareil, son type, sa marque, son âge, les symptômes décrits par son propriétaire et le
            résultat. Dans ces données, 73 % des appareils ont pu être réparés, et le type d’appareil compte le plus. Testé sur des
            réparations plus récentes que celles dont il a appris, il ne classe les appareils qu’un peu mieux que la seule moyenne de leur
            type, mais ses pourcentages correspondent à ce qui a été observé. Ce n’est pas un diagnostic de votre appareil.
          </Text>
          <Text size="sm">
            Données : Open Repair Data (ORDS v0.3), Open Repair Alliance / The Restart Project et les repair cafés partenaires, licence CC
            BY-SA 4.0.{' '}
            <Anchor href="https://openrepair.org/open-data/" target="_blank" rel="noopener noreferrer" underline="always" c="eco.9">
              openrepair.org <IconExternalLink size={12} />
            </Anchor>
          </Text>
          <Group gap="xs">
            <Anchor component={Link} to="/repair" size="sm" underline="always" c="eco.9">
              Diagnostiquer la panne avec l’assistant
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    </>
  );
}
