import type { ImageReading } from '@ecofoyer/contracts';
import { Alert, Stack, Text } from '@mantine/core';

/** What was read on the rating plate: the user checks it and completes what is missing before « Suivant ». */
export function PlateReadingNotice({ reading }: { reading: ImageReading }) {
  const complete = reading.marque && reading.modele;
  return (
    // The title in orange.9: the light variant's orange title is below AA contrast on its background.
    <Alert
      color={complete ? 'eco' : 'orange'}
      role="status"
      title={complete ? 'Lu sur la plaque' : 'Lu en partie sur la plaque'}
      styles={{ title: { color: complete ? undefined : 'var(--mantine-color-orange-9)' } }}
    >
      <Stack gap={6}>
        <Text size="sm">
          {complete
            ? `Marque\u00a0: ${reading.marque}, modèle\u00a0: ${reading.modele}. Vérifiez-les et corrigez-les si besoin, puis appuyez sur « Suivant ».`
            : `Nous n’avons pas pu lire ${reading.marque ? 'le modèle' : 'la marque'} : complétez-${reading.marque ? 'le' : 'la'} à partir de la plaque ou de la facture, puis appuyez sur « Suivant ».`}
        </Text>
        {reading.text.trim() && (
          <details>
            <summary>Texte lu sur la photo</summary>
            <Text component="pre" size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
              {reading.text.trim()}
            </Text>
          </details>
        )}
      </Stack>
    </Alert>
  );
}
