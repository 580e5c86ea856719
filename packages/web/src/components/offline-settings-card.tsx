import { Button, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { offlineUsageFr, usedPercent } from '../lib/offline-format.ts';
import { BUDGETS_MB, clearOffline, enforceBudget, MB, offlineUsage, writeSettings } from '../lib/offline-store.ts';

type Usage = { bytes: number; budget: number };

/**
 * The profile's « Hors connexion » card (decision 030): what stays readable without network, the
 * space it takes out of the budget the user chooses (50, 100 or 250 Mo), and « Vider le cache hors
 * connexion ». Loaded with the profile page only.
 */
export function OfflineSettingsCard() {
  const supported = typeof caches !== 'undefined';
  const [usage, setUsage] = useState<Usage | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const budgetLabel = useId();

  const measure = useCallback(async () => {
    try {
      setUsage(await offlineUsage());
    } catch {
      setUsage({ bytes: 0, budget: 100 * MB });
    }
  }, []);
  useEffect(() => {
    if (supported) void measure();
  }, [supported, measure]);

  const choose = async (value: string) => {
    setBusy(true);
    setSaid(null);
    try {
      await writeSettings({ budget: Number(value) * MB });
      const dropped = await enforceBudget();
      setSaid(dropped > 0 ? 'Budget enregistré : les copies les plus anciennes ont été retirées.' : 'Budget enregistré.');
      await measure();
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      await clearOffline();
      setSaid('Cache hors connexion vidé : les pages se garderont de nouveau à leur prochaine ouverture en ligne.');
      await measure();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="offline-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="offline-title">
          Hors connexion
        </Title>
        <Text size="sm">
          Ce que vous ouvrez avec une connexion reste lisible sans réseau sur cet appareil, à la cave ou devant la chaudière : vos univers
          et appareils, la fiche de chaque appareil ouvert, ses notices et factures déjà ouvertes, les tutoriels d’entretien et le
          calendrier des trois prochains mois. Les consignes d’urgence de l’assistant sont toujours disponibles.
        </Text>
        {!supported ? (
          <Text size="sm" c="dimmed">
            Ce navigateur ne garde pas de copies pour la lecture hors connexion.
          </Text>
        ) : (
          <>
            <div>
              <Text size="sm" fw={600}>
                Espace utilisé
              </Text>
              <Text size="sm" data-testid="offline-usage">
                {usage ? offlineUsageFr(usage.bytes, usage.budget) : 'Calcul…'}
              </Text>
              <Progress
                mt={6}
                value={usage ? usedPercent(usage.bytes, usage.budget) : 0}
                aria-label="Part de l’espace hors connexion utilisée"
              />
            </div>
            <div>
              <Text size="sm" fw={600} id={budgetLabel} mb={6}>
                Espace maximal
              </Text>
              <SegmentedControl
                aria-labelledby={budgetLabel}
                value={String(Math.round((usage?.budget ?? 100 * MB) / MB))}
                onChange={(value) => void choose(value)}
                disabled={busy || !usage}
                data={BUDGETS_MB.map((mb) => ({ value: String(mb), label: `${mb}\u00a0Mo` }))}
                styles={{ label: { whiteSpace: 'nowrap' } }}
              />
              <Text size="xs" c="dimmed" mt={4}>
                Au-delà, les copies les plus anciennes laissent la place aux nouvelles (jamais une notice que vous avez rendue disponible
                hors ligne).
              </Text>
            </div>
            <Button
              variant="light"
              color="red.9"
              leftSection={<IconTrash size={18} />}
              onClick={() => void clear()}
              loading={busy}
              disabled={!usage}
              style={{ alignSelf: 'flex-start' }}
            >
              Vider le cache hors connexion
            </Button>
            {said && (
              <Text size="sm" role="status">
                {said}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
