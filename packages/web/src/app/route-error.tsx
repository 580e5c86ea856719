import { MSG } from '@ecofoyer/contracts';
import { Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import notFound from '../assets/illustrations/not-found.svg?no-inline';

/** Each route's error boundary: the French message and a way out. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? MSG.routeNotFound
      : error.statusText
    : error instanceof Error
      ? error.message
      : MSG.serverError;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={480}>
        <Image src={notFound} alt="" w={220} h="auto" />
        <Title order={1} fz={24}>
          Oups, quelque chose s’est mal passé
        </Title>
        <Text role="alert">{message}</Text>
        <Button onClick={() => window.location.reload()}>{MSG.retry}</Button>
        <Button component={Link} to="/home" variant="subtle">
          Retour à l’accueil
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={480}>
        <Image src={notFound} alt="" w={220} h="auto" />
        <Title order={1} fz={24}>
          Page introuvable
        </Title>
        <Text>{MSG.routeNotFound}</Text>
        <Button component={Link} to="/home">
          Retour à l’accueil
        </Button>
      </Stack>
    </Center>
  );
}
