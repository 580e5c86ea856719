import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** The profile's way to the QR labels, beside the CSV export and import. */
export function LabelsCard() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="labels-card">
      <Stack gap="md" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconQrcode size={22} aria-hidden />
          <Title order={2} size="h3" id="labels-card">
            Étiquettes QR
          </Title>
        </Group>
        <Text size="sm">
          Une étiquette à coller sur chaque appareil : scannée avec un téléphone, elle ouvre sa fiche, son entretien et sa notice.
        </Text>
        <Button component={Link} to={paths.labels} variant="light" leftSection={<IconQrcode size={18} />}>
          Imprimer des étiquettes QR
        </Button>
      </Stack>
    </Paper>
  );
}
