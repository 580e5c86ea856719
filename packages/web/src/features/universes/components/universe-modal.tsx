import {
  FILE_ACCEPT,
  FILE_KINDS,
  MSG,
  stripAngleBrackets,
  UNIVERSE_DESCRIPTION_MAX,
  UNIVERSE_NAME_MAX,
  UniverseUpdateFields,
  type Universe,
} from '@ecofoyer/contracts';
import { Box, Button, FileButton, Group, Image, Input, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { useSaveUniverse } from '../api/universes.ts';

/** product §4: the universe edit modes. */
export type UniverseMode = 'CREATE' | 'UPDATE';

/** What the form starts from: empty, a reference universe (CREATE) or the user's universe (UPDATE). */
export interface UniverseDraft {
  /** The user's universe id (UPDATE). */
  id?: number;
  name: string;
  description: string;
  /** The current or proposed image URL (shown until another is chosen). */
  image?: string | null;
  /** The reference universe it is created from (CREATE), none for a blank one. */
  refUniverId?: number | null;
}

/** The dialogs of this feature show their title as a heading. */
export const MODAL_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } };

export const UNIVERSE_TITLES: Record<UniverseMode, string> = { CREATE: 'Nouvel univers', UPDATE: 'Modifier l’univers' };

/** A blob URL for the picked file, revoked when it changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The contract's schema checks the form (product §5: < and > stripped; the server applies the same one). */
const validate = (values: { name: string; description: string }) => schemaErrors(UniverseUpdateFields, values);

/**
 * The fields of a universe (name, description, image) with upload progress and the server's
 * errors in place; shared by the create/update modal and the update page.
 */
export function UniverseForm({
  mode,
  draft,
  onSaved,
  onCancel,
  extraActions,
}: {
  mode: UniverseMode;
  draft: UniverseDraft;
  onSaved: (universe: Universe) => void;
  onCancel: () => void;
  /** Shown on the left of the form's buttons (the update page puts its delete action there). */
  extraActions?: ReactNode;
}) {
  const [progress, setProgress] = useState(0);
  const save = useSaveUniverse(setProgress);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const outcome = useFormOutcome();
  const preview = usePreview(file);
  const form = useForm({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about.
    onValuesChange: () => outcome.clear(),
    initialValues: { name: stripAngleBrackets(draft.name), description: stripAngleBrackets(draft.description) },
    validate,
  });

  const pick = (picked: File | null) => {
    if (!picked) return;
    if (!(FILE_KINDS.image as readonly string[]).includes(picked.type)) {
      setFileError(MSG.fileNotImage);
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const submit = form.onSubmit(async () => {
    outcome.clear();
    setProgress(0);
    const parsed = UniverseUpdateFields.parse(form.getValues());
    try {
      const saved = await save.mutateAsync({
        id: mode === 'UPDATE' ? draft.id : undefined,
        name: parsed.name,
        description: parsed.description,
        refUniverId: mode === 'CREATE' ? (draft.refUniverId ?? null) : undefined,
        image: file,
      });
      notifications.show({
        color: 'eco',
        title: mode === 'CREATE' ? 'Univers créé' : 'Univers enregistré',
        message: mode === 'CREATE' ? `L’univers ${saved.name} a bien été créé.` : `Vos modifications sur ${saved.name} sont enregistrées.`,
      });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.errors?.length) {
        for (const issue of error.errors) form.setFieldError(issue.path, issue.message);
      }
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);

  const shown = preview ?? draft.image ?? null;
  const uploading = save.isPending && Boolean(file);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nom"
          required
          maxLength={UNIVERSE_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
          onChange={(e) => form.setFieldValue('name', stripAngleBrackets(e.currentTarget.value))}
        />
        <AutoTextarea
          label="Description"
          size="md"
          maxLength={UNIVERSE_DESCRIPTION_MAX}
          description={`${form.values.description.length} / ${UNIVERSE_DESCRIPTION_MAX} caractères`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
          value={form.values.description}
          onChange={(e) => form.setFieldValue('description', stripAngleBrackets(e.currentTarget.value))}
        />
        <div>
          <Input.Label labelElement="div" size="md" id="universe-image-label">
            Image
          </Input.Label>
          <Group mt={6} gap="md" align="center">
            <Box
              w={{ base: 96, xs: 128 }}
              bg="eco.0"
              style={{
                aspectRatio: '16 / 10',
                borderRadius: 'var(--mantine-radius-md)',
                overflow: 'hidden',
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {shown ? (
                <Image
                  src={shown}
                  alt={file ? `Aperçu de l’image choisie : ${file.name}` : 'Image actuelle de l’univers'}
                  w="100%"
                  h="100%"
                  fit="cover"
                />
              ) : (
                <IconPhoto size={36} aria-hidden color="var(--mantine-color-eco-7)" />
              )}
            </Box>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <FileButton onChange={pick} accept={FILE_ACCEPT.image} inputProps={{ 'aria-labelledby': 'universe-image-label' }}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="sm"
                    h={44}
                    px="md"
                    leftSection={<IconPhotoUp size={18} />}
                    disabled={save.isPending}
                  >
                    {shown ? 'Changer l’image' : 'Choisir une image'}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed" truncate>
                {file ? file.name : 'JPEG, PNG ou WebP'}
              </Text>
            </Stack>
          </Group>
          {fileError && (
            <Text size="sm" c="red.8" mt={4} role="alert">
              {fileError}
            </Text>
          )}
        </div>
        {uploading && (
          <Progress.Root size="lg" radius="xl">
            <Progress.Section value={progress} animated aria-label="Envoi de l’image">
              <Progress.Label>{progress} %</Progress.Label>
            </Progress.Section>
          </Progress.Root>
        )}
        <FormOutcome outcome={outcome} />
        <Group justify="space-between" mt="sm" gap="sm">
          <Group gap="sm">{extraActions}</Group>
          <Group gap="sm" justify="flex-end" ml="auto">
            <Button variant="default" h={44} onClick={onCancel} disabled={save.isPending}>
              Annuler
            </Button>
            <Button type="submit" h={44} loading={save.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** product §2/§4: the universe create (from a reference or blank) and update modal. */
export function UniverseModal({
  opened,
  onClose,
  mode,
  draft,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  mode: UniverseMode;
  draft: UniverseDraft;
  onSaved: (universe: Universe) => void;
}) {
  const isPhone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={UNIVERSE_TITLES[mode]}
      centered
      fullScreen={isPhone}
      size="lg"
      styles={MODAL_STYLES}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      {/* Mounted only while open, so each opening starts from its draft. */}
      {opened && <UniverseForm mode={mode} draft={draft} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
