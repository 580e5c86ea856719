import { formatBonus, repairBonusFor } from '@ecofoyer/contracts';
import { Alert, Anchor, Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ExternalFrame } from '../../../components/external-frame.tsx';
import { EXTERNAL_LINKS, repairWidgetUrl } from '../../../lib/external-links.ts';
import { repairCategoryOf } from '../../../lib/repair-categories.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { positiveInt } from '../../../lib/query-params.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { CircularMap } from '../components/circular-map.tsx';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

/**
 * product §2, Appointment: the partner's repair widget for the product's category; with no partner
 * configured, the public finder of repairers offering the repair bonus, so the page works as is.
 */
export function CallplanPage() {
  const [params] = useSearchParams();
  const applianceId = positiveInt(params.get('appliance'));
  const appliance = useAppliance(applianceId);
  const products = useRefProducts();
  if (products.isPending || (applianceId && appliance.isPending)) return <Skeleton h={320} radius="lg" />;

  const product = products.data?.find((p) => p.id === (appliance.data?.prod_id ?? positiveInt(params.get('prod'))));
  const category = repairCategoryOf(product?.slug);
  const widget = repairWidgetUrl(category.code);
  const bonus = repairBonusFor(product?.repairBonusTypes ?? []);
  const device = appliance.data?.name ?? product?.prodName ?? null;

  return (
    <>
      <PageTitle title="Prendre rendez-vous" />
      <Stack gap="md">
        <Group gap="xs">
          {device && <Text fw={700}>{device}</Text>}
          <Badge variant="light" data-testid="repair-category">
            {category.label}
          </Badge>
        </Group>
        {bonus && (
          <Alert color="eco" icon={<IconInfoCircle />} title="Bonus réparation">
            Chez un réparateur labellisé QualiRépar, {formatBonus(bonus)} sont déduits directement de votre facture de réparation.
            <RepairBonusSource />
          </Alert>
        )}
        {widget ? (
          <ExternalFrame
            src={widget}
            title={`Prise de rendez-vous de réparation — ${category.label}`}
            height={700}
            what="le module de rendez-vous"
            site="le site du réparateur partenaire"
            linkLabel="Ouvrir le module de rendez-vous dans un nouvel onglet"
            testId="repair-widget"
          />
        ) : (
          <>
            <Text>
              Trouvez un réparateur près de chez vous et contactez-le pour convenir d’un rendez-vous. La carte ne montre que les réparateurs
              qui proposent le bonus réparation.
            </Text>
            <CircularMap bonusOnly title="Carte des réparateurs proposant le bonus réparation (ADEME)" />
            <Anchor href={EXTERNAL_LINKS.qualirepar} target="_blank" rel="noopener noreferrer" data-testid="qualirepar-link">
              Annuaire des réparateurs labellisés QualiRépar ({category.label}) <IconExternalLink size={14} />
            </Anchor>
          </>
        )}
        <Paper withBorder radius="lg" p="md">
          <Title order={2} fz="lg" mb="xs">
            Préparer le rendez-vous
          </Title>
          <List spacing={4} size="sm">
            <List.Item>La marque, le modèle et le numéro de série, inscrits sur la plaque signalétique de l’appareil.</List.Item>
            <List.Item>La facture d’achat : elle prouve la garantie et l’âge de l’appareil.</List.Item>
            <List.Item>
              Une description précise de la panne (bruit, voyant, code d’erreur) et, si possible, une photo ou une vidéo.
            </List.Item>
            <List.Item>Demandez un devis : un réparateur labellisé applique le bonus réparation directement sur la facture.</List.Item>
          </List>
        </Paper>
      </Stack>
    </>
  );
}
