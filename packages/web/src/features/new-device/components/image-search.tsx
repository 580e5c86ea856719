import { IMAGE_SEARCH_HINT_MAX, MSG, type ImageReading } from '@ecofoyer/contracts';
import { Alert, Button, FileInput, Group, Loader, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOffline } from '../../../lib/network-state.ts';
import { useImageSearch } from '../api/image-search.ts';

interface SearchValues {
  photo: File | null;
  hint: string;
}

/**
 * « Rechercher par image »: a photo of the rating plate and an optional hint (≤ 50 characters);
 * the server reads brand and model, and `onRead` hands them to the wizard to check (nothing saved).
 */
export function ImageSearch({ onRead, onManual }: { onRead: (reading: ImageReading) => void; onManual: () => void }) {
  const [progress, setProgress] = useState(0);
  // The photo's absence and the search's failure, both said in the one alert under the fields.
  const [error, setError] = useState<string | null>(null);
  const offline = useOffline();
  const search = useImageSearch(setProgress);
  const form = useForm<SearchValues>({
    mode: 'controlled',
    initialValues: { photo: null, hint: '' },
    onValuesChange: () => setError(null),
    validate: { photo: (photo) => (photo ? null : MSG.imageSearchPhotoRequired) },
  });

  const find = async ({ photo, hint }: SearchValues) => {
    if (!photo) return;
    setError(null);
    setProgress(0);
    try {
      const reading = await search.mutateAsync({ photo, searchText: hint.trim() });
      // product §5: nothing recognised → ask for more precision.
      if (!reading.marque && !reading.modele) return setError(MSG.imageSearchNoResult);
      onRead(reading);
    } catch (err) {
      // product §5: no result → ask for more precision; anything else → the search failed.
      setError(
        err instanceof ApiError && (err.status === 404 || err.status === 400)
          ? err.status === 404
            ? MSG.imageSearchNoResult
            : err.message
          : MSG.imageSearchFailed,
      );
    }
  };
  const submit = form.onSubmit(find, (errors) => setError(String(errors.photo)));

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>
          Photographiez la plaque signalétique de l’appareil (souvent à l’arrière, sous le couvercle ou dans l’encadrement de la porte) :
          nous y lisons la marque et le modèle.
        </Text>
        <FileInput
          label="Photo de la plaque signalétique"
          placeholder="Prendre ou choisir une photo"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          leftSection={<IconCamera size={18} />}
          clearable
          {...form.getInputProps('photo', { withError: false })}
        />
        <TextInput
          label="Précision (facultatif)"
          description={`${form.values.hint.length}/${IMAGE_SEARCH_HINT_MAX} caractères — la marque ou le modèle si vous les connaissez`}
          maxLength={IMAGE_SEARCH_HINT_MAX}
          {...form.getInputProps('hint')}
        />
        {search.isPending && (
          <Stack gap={4}>
            {progress < 100 ? (
              <Progress value={progress} aria-label="Envoi de la photo" animated />
            ) : (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">Lecture de la plaque…</Text>
              </Group>
            )}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <OfflineNote what="la lecture de la plaque se fait sur le serveur ; saisissez la marque et le modèle à la main" />
        <Group>
          <Button type="submit" leftSection={<IconSearch size={18} />} loading={search.isPending} disabled={offline}>
            Lancer la recherche
          </Button>
          <Button variant="subtle" onClick={onManual} disabled={search.isPending}>
            Saisir à la main
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
