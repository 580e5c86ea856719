import { Alert, Anchor, Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconExternalLink, IconWifiOff, IconWorldOff } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';

/** How long the third-party site has to answer before the page says it cannot show it. */
export const FRAME_CHECK_TIMEOUT_MS = 6000;

type Check = 'checking' | 'ok' | 'failed';

/**
 * Whether the frame's site answers from this browser. A frame's `load` event cannot tell: Chromium
 * fires it on its own error page too (site blocked, network refused), and a cross-origin frame is
 * opaque to the page. A HEAD request in `no-cors` mode can: it resolves with any answer of the site
 * and fails when the network, a firewall or a content blocker stops it, or when nothing comes back in
 * time. It carries no cookie and reads nothing of the answer.
 */
function useSiteAnswers(src: string, online: boolean, attempt: number): Check {
  const key = `${src} ${attempt}`;
  const [result, setResult] = useState<{ key: string; check: Check } | null>(null);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), FRAME_CHECK_TIMEOUT_MS);
    let current = true;
    fetch(src, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal }).then(
      () => current && setResult({ key, check: 'ok' }),
      () => current && setResult({ key, check: 'failed' }),
    );
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [src, online, key]);
  if (!online) return 'failed';
  return result?.key === key ? result.check : 'checking';
}

export interface ExternalFrameProps {
  src: string;
  title: string;
  height: number;
  /** What the frame shows, with its article, as the middle of a sentence: « la carte ». */
  what: string;
  /** Who serves it, as the middle of a sentence: « le site de l’ADEME ». */
  site: string;
  /** The link under the frame, which opens the same page in a new tab. */
  linkLabel: string;
  testId: string;
  allow?: string;
  style?: CSSProperties;
}

/** The shell's offline banner's colours: the warm tint, its darkest shade for the title (AA contrast, axe). */
const NOTICE = { title: { color: 'var(--mantine-color-warm-9)' }, icon: { color: 'var(--mantine-color-warm-9)' } };

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A third-party page embedded in ours, never Chromium's broken-frame icon in its place: offline, or
 * when its site does not answer, a French message takes the frame's place; the link to open the
 * page in a new tab is always under it (a site may also refuse to be framed, which nothing tells).
 * While the check runs, the frame loads hidden behind a placeholder of its size.
 */
export function ExternalFrame({ src, title, height, what, site, linkLabel, testId, allow, style }: ExternalFrameProps) {
  const { online } = useNetwork();
  const [attempt, setAttempt] = useState(0);
  // Back online, the site is asked again rather than trusted from before.
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  const check = useSiteAnswers(src, online, attempt);
  return (
    <Stack gap="xs">
      {check === 'failed' ? (
        online ? (
          <Alert
            color="warm"
            styles={NOTICE}
            icon={<IconWorldOff />}
            title="Affichage impossible ici"
            data-testid={`${testId}-unavailable`}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {capitalised(what)} n’a pas pu se charger depuis {site}
                {'\u00a0'}: le site ne répond pas, ou votre réseau ou un bloqueur de contenu l’empêche de s’afficher dans EcoFoyer. Ouvrez
                le site dans un nouvel onglet avec le lien ci-dessous.
              </Text>
              <Button variant="outline" color="warm.9" bg="white" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                Réessayer
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Alert color="warm" styles={NOTICE} icon={<IconWifiOff />} title="Pas de connexion" data-testid={`${testId}-unavailable`}>
            <Text size="sm">
              {capitalised(what)} s’affiche depuis {site}, injoignable sans connexion. L’affichage reprendra ici dès le retour du réseau.
            </Text>
          </Alert>
        )
      ) : (
        <Box pos="relative" h={height}>
          {check === 'checking' && <Skeleton pos="absolute" inset={0} h={height} radius="lg" aria-hidden />}
          <iframe
            src={src}
            title={title}
            height={height}
            width="100%"
            style={{ border: 0, display: 'block', visibility: check === 'ok' ? 'visible' : 'hidden', ...style }}
            allow={allow}
            loading="lazy"
            data-testid={testId}
          />
        </Box>
      )}
      <Anchor href={src} target="_blank" rel="noopener noreferrer" size="sm">
        {linkLabel} <IconExternalLink size={14} aria-hidden />
      </Anchor>
    </Stack>
  );
}
