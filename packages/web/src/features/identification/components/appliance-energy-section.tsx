import {
  type Appliance,
  type ApplianceUpdateText,
  ELECTRICITY_FACTOR_FR,
  ELECTRICITY_FACTOR_SOURCE,
  ELECTRICITY_KG_CO2E_PER_KWH,
  kwhFr,
  MSG,
  runningCostFr,
  tariffFr,
} from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBolt, IconScan } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import type { IdentifiedFields } from '../../../lib/slots.tsx';
import { type ApplianceUpdate, useUpdateAppliance } from '../../appliances/api/appliances.ts';
import { applianceUpdatePath } from '../../appliances/paths.ts';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useRefProducts } from '../../references/api/references.ts';
import { useElectricityTariff } from '../api/electricity-tariff.ts';
import { EnergyLabelScanner } from './energy-label-scanner.tsx';

const kgFr = (n: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n)} kg`;

/**
 * PUT …/text with what the label gave. The appliance's own brand and model stay (the user
 * named it); the class, the consumption and the label's numbers come from the scan when it has them.
 * The paperwork is left out, so it keeps its values.
 */
function withLabel(a: Appliance, f: IdentifiedFields): ApplianceUpdate {
  return {
    name: a.name,
    marque: a.marque ?? f.marque ?? '',
    modele: a.modele ?? f.modele ?? '',
    dt_achat: a.dt_achat,
    facture: a.facture_ref,
    note: a.note,
    panne_note: a.panne_note,
    classenergie: (f.classenergie ?? a.classenergie) as ApplianceUpdateText['classenergie'],
    prod_id: a.prod_id,
    univer_id: a.univer_id,
    ...(f.energy_kwh_year !== null ? { energy_kwh_year: f.energy_kwh_year } : {}),
    ...(f.eprel_number !== null ? { eprel_number: f.eprel_number } : {}),
    ...(f.ean !== null ? { ean: f.ean } : {}),
  };
}

/**
 * The appliance page's « Consommation et coût »: kWh per year, what they cost at the
 * regulated tariff, and the use phase's footprint from that real consumption; « Scanner l’étiquette
 * énergie » fills them from the label, after the user has seen what was found.
 */
export function ApplianceEnergySection({ appliance }: { appliance: Appliance }) {
  const tariff = useElectricityTariff();
  const products = useRefProducts();
  const update = useUpdateAppliance();
  const navigate = useNavigate();
  const [scanOpened, scan] = useDisclosure(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const kwh = appliance.energy_kwh_year;
  const carbonSlug = products.data?.find((p) => p.id === appliance.prod_id)?.carbonSlug ?? null;

  const use = useCallback(
    async (fields: IdentifiedFields) => {
      scan.close();
      try {
        const updated = await update.mutateAsync({ id: appliance.id, ...withLabel(appliance, fields) });
        setNotice({ ok: true, text: MSG.energyLabelSaved(updated.name) });
      } catch (error) {
        setNotice({ ok: false, text: errorMessage(error, MSG.serverError) });
      }
    },
    [appliance, update, scan],
  );
  const fail = useCallback(
    (message: string) => {
      scan.close();
      setNotice({ ok: false, text: message });
    },
    [scan],
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Consommation et coût">
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap="xs">
          <IconBolt size={22} aria-hidden />
          <Title order={2} fz="lg">
            Consommation et coût
          </Title>
        </Group>
        <EditOnly>
          <Button variant="light" leftSection={<IconScan size={18} />} onClick={scan.open} loading={update.isPending}>
            Scanner l’étiquette énergie
          </Button>
        </EditOnly>
      </Group>
      <Stack gap={6}>
        {notice && (
          <Alert
            color={notice.ok ? 'eco' : 'gray'}
            variant="light"
            role={notice.ok ? 'status' : 'alert'}
            withCloseButton
            closeButtonLabel="Fermer"
            onClose={() => setNotice(null)}
          >
            {notice.text}
            {!notice.ok && (
              <>
                {' '}
                <Anchor component={Link} to={applianceUpdatePath(appliance.id)} underline="always">
                  Saisir la consommation à la main
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {kwh !== null ? (
          <>
            <Text>
              Consommation : <strong>{kwhFr(kwh)} par an</strong>
              {appliance.eprel_number ? ` (étiquette énergie, EPREL n° ${appliance.eprel_number})` : ''}
            </Text>
            {tariff.data ? (
              <>
                <Text fz="lg" fw={700} data-testid="running-cost">
                  {runningCostFr(kwh, tariff.data)}
                </Text>
                <Text size="sm" c="dimmed">
                  Au prix de {tariffFr(tariff.data)}, sans l’abonnement.
                </Text>
              </>
            ) : tariff.isPending ? (
              <Skeleton h={28} maw={360} radius="sm" />
            ) : null}
            <Text data-testid="usage-footprint">
              Son usage : <strong>{kgFr(kwh * ELECTRICITY_KG_CO2E_PER_KWH)} de CO2e par an</strong>, d’après sa consommation réelle (et non
              la moyenne de son type).
            </Text>
            <Text size="sm" c="dimmed">
              {kwhFr(kwh)} × {ELECTRICITY_FACTOR_FR} kg CO2e/kWh — {ELECTRICITY_FACTOR_SOURCE}.
            </Text>
            {carbonSlug && (
              <Anchor component={Link} to={`/carbotool?type=${carbonSlug}&appareil=${appliance.id}`} size="sm" fw={600}>
                Voir toute son empreinte dans le simulateur carbone
              </Anchor>
            )}
          </>
        ) : (
          <Text c="dimmed">
            Sa consommation annuelle (en kWh par an, sur l’étiquette énergie) donne son coût en électricité et l’empreinte réelle de son
            usage.
            <EditOnly>
              {' '}
              Scannez l’étiquette, ou{' '}
              <Anchor component={Link} to={applianceUpdatePath(appliance.id)} underline="always">
                saisissez-la
              </Anchor>
              .
            </EditOnly>
          </Text>
        )}
      </Stack>
      <Modal
        opened={scanOpened}
        onClose={scan.close}
        title="Scanner l’étiquette énergie"
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {scanOpened && <EnergyLabelScanner onUse={use} onFailure={fail} onManual={() => navigate(applianceUpdatePath(appliance.id))} />}
      </Modal>
    </Paper>
  );
}
