import { kwhFr } from '@ecofoyer/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import dl from '../../../components/definition-list.module.css';
import type { Identified } from '../identified.ts';

const number = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n);

/** What the label or the barcode gave, shown for the user to check before anything is used. */
export function IdentifiedProduct({ found }: { found: Identified }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="identified-product">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            Voici ce que nous avons trouvé
          </Title>
          <Badge variant="light" color={found.kind === 'eprel' ? 'eco' : 'gray'}>
            {found.kind === 'eprel' ? 'Base européenne EPREL' : 'Open Products Facts'}
          </Badge>
        </Group>
        {found.kind === 'eprel' ? (
          <dl className={dl.list}>
            <dt>Marque</dt>
            <dd>{found.product.marque}</dd>
            <dt>Modèle</dt>
            <dd>{found.product.modele}</dd>
            <dt>Classe énergie</dt>
            <dd>{found.product.classeEnergie ?? 'Non précisée'}</dd>
            <dt>Consommation</dt>
            <dd>
              {found.product.kwhAn !== null ? `${kwhFr(found.product.kwhAn)} par an` : 'Non précisée'}
              {found.product.kwhAnBase && (
                <Text span size="sm" fw={400} c="dimmed" display="block">
                  {found.product.kwhAnBase}
                </Text>
              )}
            </dd>
            {found.product.capaciteKg !== undefined && (
              <>
                <dt>Capacité</dt>
                <dd>{number(found.product.capaciteKg)} kg</dd>
              </>
            )}
            {found.product.eauLitresCycle !== undefined && (
              <>
                <dt>Eau</dt>
                <dd>{number(found.product.eauLitresCycle)} litres par cycle</dd>
              </>
            )}
            <dt>N° EPREL</dt>
            <dd>{found.product.numeroEprel}</dd>
          </dl>
        ) : (
          <dl className={dl.list}>
            <dt>Marque</dt>
            <dd>{found.product.marque ?? 'Non précisée'}</dd>
            <dt>Produit</dt>
            <dd>{found.product.nom ?? 'Non précisé'}</dd>
            {found.product.indiceReparabilite !== undefined && (
              <>
                <dt>Indice de réparabilité</dt>
                <dd>{number(found.product.indiceReparabilite)}/10</dd>
              </>
            )}
            <dt>Code-barres</dt>
            <dd>{found.product.ean}</dd>
          </dl>
        )}
      </Stack>
    </Paper>
  );
}
