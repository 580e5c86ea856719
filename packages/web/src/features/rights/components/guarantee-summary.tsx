import { dayFr } from '@ecofoyer/contracts';
import { Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { useRightsSummary } from '../api/rights.ts';

/** Home: « 2 appareils encore sous garantie », with the nearest end; nothing when none is. */
export function GuaranteeSummary() {
  const summary = useRightsSummary();
  const data = summary.data;
  if (!data || data.sousGarantie === 0 || !data.prochaineFin) return null;
  const n = data.sousGarantie;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Garanties" data-testid="guarantee-summary">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="xl" variant="light" color="eco" aria-hidden>
          <IconShieldCheck size={20} />
        </ThemeIcon>
        <div>
          <Text fw={700}>
            {n} appareil{n > 1 ? 's' : ''} encore sous garantie
          </Text>
          <Text size="sm" c="dimmed">
            Prochaine fin : le {dayFr(data.prochaineFin.fin)} pour{' '}
            <Anchor component={Link} to={applianceDetailPath(data.prochaineFin.applianceId)} underline="always">
              {data.prochaineFin.nom}
            </Anchor>
            . En cas de panne avant, faites jouer la garantie.
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
