import { type DossierAppliance, dayFr, eurosFr } from '@ecofoyer/contracts';
import { Button, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileInvoice, IconPhotoOff, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { Fragment } from 'react';
import dl from '../../../components/definition-list.module.css';

const PHOTO_HEIGHT = 180;

/** One appliance of a shared inventory: what an insurer or a mover needs, and the invoice. */
export function SharedApplianceCard({ appliance: a }: { appliance: DossierAppliance }) {
  const titleId = `appareil-${a.id}`;
  const rows: [string, string][] = [];
  const brandModel = [a.marque, a.modele].filter(Boolean).join(' ');
  if (brandModel) rows.push(['Marque et modèle', brandModel]);
  if (a.numeroSerie) rows.push(['N° de série', a.numeroSerie]);
  if (a.dateAchat) rows.push([a.occasion ? 'Acheté d’occasion le' : 'Acheté le', dayFr(a.dateAchat)]);
  else if (a.occasion) rows.push(['Achat', 'd’occasion']);
  if (a.prixAchat !== null) rows.push(['Prix d’achat', eurosFr(a.prixAchat)]);
  if (a.vendeur) rows.push(['Vendeur', a.vendeur]);
  if (a.classeEnergie) rows.push(['Classe énergie', a.classeEnergie]);
  const Shield = a.sousGarantie ? IconShieldCheck : IconShieldOff;

  return (
    <Paper
      withBorder
      radius="lg"
      component="article"
      aria-labelledby={titleId}
      style={{ overflow: 'hidden' }}
      data-testid="shared-appliance"
    >
      {a.photo ? (
        <Image src={a.photo} alt={`Photo : ${a.nom}`} h={PHOTO_HEIGHT} fit="cover" loading="lazy" />
      ) : (
        <Center h={PHOTO_HEIGHT} bg="gray.1" c="dimmed">
          <Stack gap={4} align="center">
            <IconPhotoOff size={32} aria-hidden />
            <Text size="sm">Pas de photo</Text>
          </Stack>
        </Center>
      )}
      <Stack gap="sm" p="md">
        <div>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {a.nom}
          </Title>
          {(a.type || a.univers) && (
            <Text size="sm" c="dimmed">
              {[a.type, a.univers].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        {rows.length > 0 && (
          <dl className={dl.list} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
            {rows.map(([term, value]) => (
              <Fragment key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start" c={a.sousGarantie ? 'eco.8' : 'dimmed'}>
          <Shield size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="inherit">
            {a.garantie}
          </Text>
        </Group>
        {a.facture && (
          <Button
            component="a"
            href={a.facture.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            aria-label={`Voir la facture de ${a.nom} (nouvel onglet)`}
          >
            Voir la facture
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
