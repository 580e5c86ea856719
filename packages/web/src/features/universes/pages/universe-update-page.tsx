import { MSG, type Universe } from '@ecofoyer/contracts';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { universeDetailPath } from '../../appliances/paths.ts';
import { universeKeys, useDeleteUniverse, useUniverse } from '../api/universes.ts';
import { MODAL_STYLES, UNIVERSE_TITLES, UniverseForm } from '../components/universe-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';

const LIST = '/inventaire/univers';

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** /inventaire/univers/update?id=N: the universe's fields (UPDATE mode) and its deletion. */
export function UniverseUpdatePage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteUniverse();
  // While (and once) it is deleted, the page stops watching the universe: the invalidation that
  // follows the delete would otherwise refetch it and answer 404. The cached copy stays shown.
  const watching = remove.isIdle || remove.isError;
  const query = useUniverse(watching ? id : null);
  const universe = query.data ?? (id ? queryClient.getQueryData<Universe>(universeKeys.one(id)) : undefined);

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) return <Navigate to={LIST} replace />;

  // Reached from the detail's "Modifier": going back returns there without stacking a second copy.
  const backToDetail = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(universeDetailPath(id), { replace: true });
  };

  return (
    <>
      <PageTitle title={UNIVERSE_TITLES.UPDATE} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        {universe ? (
          <UniverseForm
            mode="UPDATE"
            draft={{ id, name: universe.name, description: universe.description, image: universe.image }}
            onSaved={backToDetail}
            onCancel={backToDetail}
            extraActions={<DeleteUniverse universe={universe} remove={remove} onDeleted={() => navigate(LIST, { replace: true })} />}
          />
        ) : query.isError ? (
          <ErrorAlert title="Impossible d’afficher cet univers" message={query.error.message} onRetry={() => query.refetch()} />
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label={MSG.loading}>
            <Skeleton h={64} />
            <Skeleton h={96} />
            <Skeleton h={84} w={240} />
          </Stack>
        )}
      </Paper>
    </>
  );
}

/** "Supprimer l’univers" with its confirmation; a universe that still holds appliances gets the server's 409 message. */
function DeleteUniverse({
  universe,
  remove,
  onDeleted,
}: {
  universe: Universe;
  remove: ReturnType<typeof useDeleteUniverse>;
  onDeleted: () => void;
}) {
  const [opened, dialog] = useDisclosure(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(universe.univer_id);
      dialog.close();
      notifications.show({ color: 'eco', title: 'Univers supprimé', message: `L’univers ${universe.name} a été supprimé.` });
      onDeleted();
    } catch (error) {
      setFailure(errorMessage(error, MSG.serverError));
    }
  };

  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        h={44}
        leftSection={<IconTrash size={18} />}
        onClick={() => {
          setFailure(null);
          dialog.open();
        }}
      >
        Supprimer l’univers
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title="Supprimer l’univers"
        centered
        styles={MODAL_STYLES}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <Stack gap="md">
          <Text>Êtes-vous sûr de vouloir supprimer l’univers {universe.name} ?</Text>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" h={44} onClick={dialog.close} disabled={remove.isPending}>
              Annuler
            </Button>
            <Button color="red.9" h={44} onClick={confirm} loading={remove.isPending} disabled={failure !== null}>
              Supprimer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
