import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLabelTarget } from '../api/label-target.ts';

/** The appliance's page, told it was opened from its label (it brings its maintenance forward). */
export const labelledAppliancePath = (id: number) => `/inventaire/univers/appliance/fichedetail?id=${id}&depuis=etiquette`;

/**
 * `/a/{code}`: where a scanned QR label lands. A member of the appliance's foyer goes on to
 * its page (signed out, the guard sends to /login first and back here after); an unknown, revoked or
 * other foyer's label says so in the server's words.
 */
export function LabelPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const target = useLabelTarget(code);

  useEffect(() => {
    if (target.data) navigate(labelledAppliancePath(target.data.applianceId), { replace: true });
  }, [target.data, navigate]);

  const refused = target.error instanceof ApiError && [403, 404, 410].includes(target.error.status);
  return (
    <>
      <PageTitle title="Étiquette d’appareil" />
      {target.isError ? (
        refused ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" maw={640}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{target.error.message}</Text>
              <Button component={Link} to="/home" variant="outline" color="red.9" bg="white">
                Retour à l’accueil
              </Button>
            </Stack>
          </Alert>
        ) : (
          <ErrorAlert message={target.error.message} onRetry={() => void target.refetch()} />
        )
      ) : (
        <Stack gap="xs" maw={640} aria-busy="true" aria-label="Ouverture de la fiche de l’appareil">
          <Text>Ouverture de la fiche de l’appareil…</Text>
          <Skeleton h={20} />
          <Skeleton h={20} w="70%" />
        </Stack>
      )}
    </>
  );
}
