import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconTableExport } from '@tabler/icons-react';
import { useState } from 'react';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOffline } from '../../../lib/network-state.ts';
import { downloadCsv } from '../api/inventory-csv.ts';

/**
 * « Exporter mon inventaire »: the appliances and the maintenance history as CSV files
 * that Excel, LibreOffice or Numbers open in French as they are (for an insurer, a move, a backup).
 */
export function InventoryExport() {
  const [busy, setBusy] = useState<'appareils' | 'entretiens' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offline = useOffline();
  const download = async (what: 'appareils' | 'entretiens') => {
    setError(null);
    setBusy(what);
    try {
      await downloadCsv(what);
    } catch (e) {
      setError(errorMessage(e, 'Le fichier n’a pas pu être préparé. Réessayez dans un instant.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="inventory-export">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconTableExport size={22} aria-hidden />
          <Title order={2} size="h3" id="inventory-export">
            Exporter mon inventaire
          </Title>
        </Group>
        <Text size="sm">
          Vos appareils (avec leurs dates d’achat, prix, numéros de série et garanties) et l’historique de vos entretiens, en tableaux à
          ouvrir dans Excel, LibreOffice ou Numbers : pour votre assureur, un déménagement ou vos archives.
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <OfflineNote what="l’export CSV se prépare sur le serveur" />
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} />}
            onClick={() => void download('appareils')}
            loading={busy === 'appareils'}
            disabled={offline || (busy !== null && busy !== 'appareils')}
          >
            Mes appareils (CSV)
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} />}
            onClick={() => void download('entretiens')}
            loading={busy === 'entretiens'}
            disabled={offline || (busy !== null && busy !== 'entretiens')}
          >
            Mes entretiens (CSV)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
