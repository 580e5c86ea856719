import { Anchor, Box, Center, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

// /cgu needs a signed-in user (spec §2 public paths); the terms are readable here before sign-up.
const CguContent = lazy(() => import('../features/info/pages/cgu-page.tsx').then((m) => ({ default: m.CguContent })));

/** The chrome-less frame of the public pages (login, register, forgot/reset password). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const [cguOpened, cgu] = useDisclosure(false);
  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-eco-0)" py="xl" px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Anchor component={Link} to="/login" underline="never" aria-label="EcoFoyer, accueil">
              <Logo size={44} />
            </Anchor>
          </Center>
          <Paper shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder>
            <Stack gap="md">
              <div>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
          <Text ta="center" size="sm">
            <Anchor component="button" type="button" c="dimmed" size="sm" onClick={cgu.open}>
              Conditions générales d’utilisation
            </Anchor>
          </Text>
          <Modal opened={cguOpened} onClose={cgu.close} title="Conditions générales d’utilisation" size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
            <Suspense fallback={<Loader aria-label="Chargement…" />}>
              <CguContent />
            </Suspense>
          </Modal>
        </Stack>
      </Center>
    </Box>
  );
}
