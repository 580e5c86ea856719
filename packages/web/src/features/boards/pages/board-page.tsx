import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { type BoardName, useBoard } from '../api/board.ts';

const TITLES: Record<BoardName, string> = { user: 'Mon espace', freemium: 'Espace Freemium', assure: 'Espace Assuré' };
const ROLE_LABELS: Record<string, string> = { ROLE_FREEMIUM: 'Freemium', ROLE_ASSURE: 'Assuré' };

/** /user, /freemium, /assure: what the server says of the user's access to each space. */
export function BoardPage({ name }: { name: BoardName }) {
  const session = useSession();
  const board = useBoard(name);
  const forbidden = board.error instanceof ApiError && board.error.status === 403;
  return (
    <>
      <PageTitle title={TITLES[name]} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack>
          {board.isPending && <Skeleton h={24} w="80%" />}
          {board.data && (
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="xl" aria-hidden>
                <IconUserCheck />
              </ThemeIcon>
              <Text size="lg">{board.data.message}</Text>
            </Group>
          )}
          {forbidden && (
            <Alert color="gray" icon={<IconLock />} title="Accès réservé">
              {name === 'assure'
                ? 'Cet espace est réservé aux clients d’un assureur partenaire (rôle Assuré).'
                : 'Cet espace est réservé aux comptes Freemium.'}
            </Alert>
          )}
          {board.isError && !forbidden && (
            <Alert color="red" icon={<IconAlertCircle />} title="Erreur">
              {board.error.message}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => board.refetch()}>
                Réessayer
              </Button>
            </Alert>
          )}
          <Text c="dimmed" size="sm">
            Vos rôles : {session?.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}
          </Text>
          <Group>
            {(['user', 'freemium', 'assure'] as const)
              .filter((n) => n !== name)
              .map((n) => (
                <Button key={n} component={Link} to={`/${n}`} variant="light" size="sm">
                  {TITLES[n]}
                </Button>
              ))}
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
