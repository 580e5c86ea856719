import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useSlot } from '../lib/slots.tsx';
import { Logo } from './logo.tsx';

/** The chrome-less frame of the public pages (login, register, forgot/reset password), as the shell is the signed-in pages' frame; it opens the terms of use (info). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  // The terms' dialog (info) fills a slot: app/cgu-dialog.tsx loads it on first use, not with the page.
  const CguModal = useSlot('cguDialog');
  const [cguOpened, cgu] = useDisclosure(false);
  const [cguUsed, setCguUsed] = useState(false);
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
            <Anchor
              component="button"
              type="button"
              c="dimmed"
              size="sm"
              onPointerEnter={() => void CguModal.preload?.()}
              onFocus={() => void CguModal.preload?.()}
              onClick={() => {
                setCguUsed(true);
                cgu.open();
              }}
            >
              Conditions générales d’utilisation
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/confidentialite" c="dimmed" size="sm">
              Politique de confidentialité
            </Anchor>
          </Text>
          {cguUsed && (
            <Suspense fallback={null}>
              <CguModal opened={cguOpened} onClose={cgu.close} />
            </Suspense>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
