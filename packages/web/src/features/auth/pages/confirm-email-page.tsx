import { MSG } from '@ecofoyer/contracts';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import { confirmEmail } from '../api/update-user.ts';

/** The link mailed to a new address: confirms it once, then says how to sign in. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ done?: string; failure?: string }>({});
  const sent = useRef(false);

  useEffect(() => {
    // Once, even under React's double effects in development: a token is single use.
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmail(token).then(
      ({ message }) => {
        // A session opened with the old address signs in again with the new one.
        if (sessionStore.get()) sessionStore.clear();
        setState({ done: message });
      },
      (error) => setState({ failure: errorMessage(error, MSG.emailConfirmInvalid) }),
    );
  }, [token]);

  return (
    <AuthLayout title="Confirmation de l’adresse e-mail">
      {!token || state.failure ? (
        <Stack>
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {state.failure ?? MSG.emailConfirmInvalid}
          </Alert>
          <Button component={Link} to="/login">
            Aller à la connexion
          </Button>
        </Stack>
      ) : state.done ? (
        <Stack>
          <Alert color="eco" icon={<IconCircleCheck />} role="status">
            {state.done}
          </Alert>
          <Button component={Link} to="/login">
            Se connecter
          </Button>
        </Stack>
      ) : (
        <Stack align="center">
          <Loader />
          <Text>Vérification du lien…</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
