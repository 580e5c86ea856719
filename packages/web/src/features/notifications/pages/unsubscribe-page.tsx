import { MSG } from '@ecofoyer/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { unsubscribe } from '../api/preferences.ts';

/**
 * `/desabonnement?u=…&sig=…`: where a reminder mail's « Ne plus recevoir ces e-mails »
 * leads. It asks before doing it: mail scanners open links, and a GET must change nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const u = params.get('u') ?? '';
  const sig = params.get('sig') ?? '';
  const run = useMutation({ mutationFn: () => unsubscribe(u, sig) });

  return (
    <AuthLayout title="Rappels par e-mail">
      {!u || !sig ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {MSG.unsubscribeInvalid}
        </Alert>
      ) : run.isSuccess ? (
        <Alert color="eco" icon={<IconCircleCheck />} role="status">
          {run.data.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>Ne plus recevoir les rappels d’entretien et de garantie par e-mail ? Vous les verrez toujours dans l’application.</Text>
          {run.isError && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorMessage(run.error, MSG.serverError)}
            </Alert>
          )}
          <Button color="red.9" onClick={() => run.mutate()} loading={run.isPending} fullWidth>
            Me désabonner
          </Button>
        </Stack>
      )}
      <Button component={Link} to="/profile#notifications" variant="subtle" fullWidth>
        Gérer mes notifications
      </Button>
    </AuthLayout>
  );
}
