import { Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOffline } from '../lib/network-state.ts';
import { isFileKept, keepFile, releaseFile } from '../lib/offline-store.ts';
import { sessionStore } from '../lib/session.ts';
import { preloadPdfJs } from './pdf-viewer.tsx';

/**
 * « Disponible hors ligne » for a document (an appliance's manual): on, the PDF is fetched and kept
 * now, with pdf.js, and never dropped to make room (decision 030). Shown where a service worker
 * serves the copies (the built app).
 */
export function OfflineFileSwitch({ url, label = 'Disponible hors ligne' }: { url: string; label?: string }) {
  const owner = String(sessionStore.get()?.id ?? '');
  const offline = useOffline();
  const [kept, setKept] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const served = typeof caches !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

  useEffect(() => {
    if (!served || !owner) return;
    let live = true;
    isFileKept(url, owner).then(
      (yes) => live && setKept(yes),
      () => live && setKept(false),
    );
    return () => {
      live = false;
    };
  }, [served, url, owner]);

  if (!served || !owner) return null;

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (on) {
        await keepFile(url, owner);
        // pdf.js for the manual to open offline; kept by the service worker (best effort: the file is kept).
        await preloadPdfJs().catch(() => undefined);
      } else {
        await releaseFile(url);
      }
      setKept(on);
    } catch {
      setError(
        offline
          ? 'Indisponible hors connexion\u00a0: la notice se télécharge avec une connexion.'
          : 'La notice n’a pas pu être enregistrée sur cet appareil. Réessayez.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Switch
        label={label}
        description={
          kept ? 'Enregistrée sur cet appareil, lisible sans réseau.' : 'Enregistrez-la sur cet appareil pour la lire sans réseau.'
        }
        checked={kept ?? false}
        disabled={busy || kept === null || (offline && !kept)}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        data-testid="offline-switch"
      />
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
