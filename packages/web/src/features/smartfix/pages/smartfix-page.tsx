import '@mantine/charts/styles.css';
import { MSG, probabilityForChart, probabilityLabel, SMARTFIX_AGE_PATTERN, TEXT_MAX } from '@ecofoyer/contracts';
import { DonutChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePredictRepairability, useSmartfixCategories } from '../api/smartfix.ts';

const pctFr = (n: number) => `${n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/** spec §2 Smart-fix: category, brand, age (digits only) and problem → « Réparable : Oui/Non » (spec §2, with the French space before the colon) and a half-doughnut. */
export function SmartfixPage() {
  const categories = useSmartfixCategories();
  const predict = usePredictRepairability();
  const [category, setCategory] = useState<string | null>(null);
  const [brand, setBrand] = useState('');
  const [age, setAge] = useState('');
  const [problem, setProblem] = useState('');
  const [errors, setErrors] = useState<{ category?: string; age?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      category: category ? undefined : MSG.smartfixCategoryInvalid,
      age: age === '' || SMARTFIX_AGE_PATTERN.test(age) ? undefined : MSG.smartfixAgeDigits,
    };
    setErrors(next);
    if (next.category || next.age) return;
    predict.mutate({ product_category_id: Number(category), brand: brand.trim(), product_age: age === '' ? null : Number(age), problem: problem.trim() });
  };

  const result = predict.data;
  const chartValue = result ? probabilityForChart(result.repair_probability) : 0;
  return (
    <>
      <PageTitle title="Smart-fix : est-ce réparable ?" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            {categories.isError ? (
              <ErrorAlert message={categories.error.message} onRetry={() => categories.refetch()} />
            ) : (
              <Select
                label="Catégorie"
                placeholder={categories.isPending ? MSG.loading : 'Choisir une catégorie'}
                data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
            <TextInput label="Marque" placeholder="Bosch, Samsung, Philips…" value={brand} onChange={(e) => setBrand(e.currentTarget.value)} maxLength={100} />
            <TextInput
              label="Âge (en années)"
              placeholder="Par exemple 6"
              inputMode="numeric"
              value={age}
              onChange={(e) => {
                setAge(e.currentTarget.value);
                // A field's error goes once it is changed (issue 16, item 15).
                setErrors((errs) => ({ ...errs, age: undefined }));
              }}
              maxLength={3}
              error={errors.age}
            />
            <AutoTextarea
              label="Problème"
              placeholder="Décrivez la panne : ne s’allume plus, fuit, fait du bruit…"
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

        <Paper withBorder radius="lg" p="md" aria-live="polite">
          {result ? (
            <Stack gap="xs" align="center" data-testid="smartfix-result">
              <Title order={2} fz="xl" c={result.is_repairable ? 'eco.8' : 'red.9'}>
                Réparable{'\u00a0'}: {result.is_repairable ? 'Oui' : 'Non'}
              </Title>
              <div role="img" aria-label={`Probabilité de réparation : ${pctFr(chartValue)}`}>
              <DonutChart
                data={[
                  { name: 'Réparable', value: chartValue, color: 'eco.6' },
                  { name: 'Non réparable', value: Math.round((100 - chartValue) * 10) / 10, color: 'gray.3' },
                ]}
                startAngle={180}
                endAngle={0}
                size={220}
                thickness={30}
                chartLabel={pctFr(chartValue)}
                withTooltip={false}
                mb={-90}
                data-testid="smartfix-chart"
              />
              </div>
              <Text fw={600} data-testid="smartfix-probability">
                Probabilité de réparation : {probabilityLabel(result.repair_probability)}
              </Text>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                Votre estimation
              </Title>
              <Text c="dimmed">Remplissez le formulaire : l’estimation s’affiche ici.</Text>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      <Alert color="eco" mt="lg" title="Sur quoi repose cette estimation ?">
        <Stack gap={6}>
          <Text size="sm">
            Le modèle a appris sur 52 533 réparations réelles tentées dans des repair cafés (Danemark, pays de Galles, Toronto, Belgique
            et Pays-Bas, États-Unis) : pour chaque appareil, sa catégorie, sa marque, son âge, la panne décrite et le résultat. Dans ces
            données, 73 % des appareils ont pu être réparés ; le chiffre donne la part d’appareils semblables qui l’ont été, la catégorie
            comptant le plus. Sur des réparations qu’il n’avait pas vues, il distingue un peu mieux que la seule moyenne de la catégorie
            (aire sous la courbe ROC 0,65 contre 0,62). Ce n’est pas un diagnostic de votre appareil.
          </Text>
          <Text size="sm">
            Données : Open Repair Data (ORDS v0.3), Open Repair Alliance / The Restart Project et les repair cafés partenaires, licence CC BY-SA 4.0.{' '}
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
