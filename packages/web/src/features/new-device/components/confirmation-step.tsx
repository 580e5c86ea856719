import { dayFr, MSG, type RefProduct } from '@ecofoyer/contracts';
import { Group, Image, Paper, Progress, Stack, Title } from '@mantine/core';
import dl from '../../../components/definition-list.module.css';
import type { Details } from '../device-details.ts';

/** product §4, wizard step « Confirmation ». */
export function ConfirmationStep({
  universeName,
  product,
  details,
  busy,
  progress,
}: {
  universeName: string | undefined;
  product: RefProduct | null;
  details: Details;
  busy: boolean;
  progress: number;
}) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Vérifiez les informations
        </Title>
        <Group align="flex-start">
          <Image
            src={details.picture ? URL.createObjectURL(details.picture) : (product?.pict ?? '/logo.svg')}
            alt=""
            w={96}
            h={96}
            fit="contain"
            radius="md"
          />
          <dl className={dl.list} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <dt>Univers</dt>
            <dd>{universeName}</dd>
            <dt>Type</dt>
            <dd>{product?.prodName}</dd>
            <dt>Marque</dt>
            <dd>{details.marque}</dd>
            <dt>Modèle</dt>
            <dd>{details.modele}</dd>
            <dt>Date d’achat</dt>
            <dd>{details.dt_achat ? dayFr(details.dt_achat) : MSG.unknownDate}</dd>
            {details.classenergie && (
              <>
                <dt>Classe énergie</dt>
                <dd>{details.classenergie}</dd>
              </>
            )}
            {details.energy_kwh_year.trim() && (
              <>
                <dt>Consommation</dt>
                <dd>{details.energy_kwh_year.trim()} kWh par an</dd>
              </>
            )}
            {details.eprel_number && (
              <>
                <dt>N° EPREL</dt>
                <dd>{details.eprel_number}</dd>
              </>
            )}
            {details.ean && (
              <>
                <dt>Code-barres</dt>
                <dd>{details.ean}</dd>
              </>
            )}
            {details.facture && (
              <>
                <dt>Facture</dt>
                <dd>{details.facture}</dd>
              </>
            )}
            {details.note && (
              <>
                <dt>Note</dt>
                <dd>{details.note}</dd>
              </>
            )}
            {details.vendeur && (
              <>
                <dt>Vendeur</dt>
                <dd>{details.vendeur}</dd>
              </>
            )}
            {details.prix_achat.trim() && (
              <>
                <dt>Prix d’achat</dt>
                <dd>{details.prix_achat.trim()} €</dd>
              </>
            )}
            {details.garantie_commerciale_fin && (
              <>
                <dt>Garantie commerciale</dt>
                <dd>jusqu’au {dayFr(details.garantie_commerciale_fin)}</dd>
              </>
            )}
          </dl>
        </Group>
        {busy && details.picture && <Progress value={progress} aria-label="Envoi de la photo" animated />}
      </Stack>
    </Paper>
  );
}
