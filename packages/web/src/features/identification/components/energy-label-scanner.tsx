import { MSG, type ScannedCode } from '@ecofoyer/contracts';
import { Alert, Button, FileButton, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconCheck, IconPencil, IconPhoto, IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOffline } from '../../../lib/network-state.ts';
import type { EnergyLabelScannerProps } from '../../../lib/slots.tsx';
import { decodeFrame, decodeImage, warmUpReader } from '../barcode-reader.ts';
import { fieldsOf, type Identified, identify } from '../identified.ts';
import { IdentifiedProduct } from './identified-product.tsx';
import classes from './energy-label-scanner.module.css';

/** Two buttons side by side only where both labels fit on one line (the wizard, not the page's dialog). */
const TWO_WHEN_ROOM = { base: 1, '40rem': 2 };

type Step = { at: 'start' } | { at: 'camera'; stream: MediaStream } | { at: 'busy'; what: string } | { at: 'found'; found: Identified };

/** Why the camera did not open, in French (a refusal is the user's choice, not an error). */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? MSG.cameraDenied : MSG.cameraUnavailable;
}

const stopStream = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/**
 * « Scanner l’étiquette énergie »: the camera, or a photo, reads the QR code of an EU
 * energy label (EPREL) or a product's barcode (EAN-13, Open Products Facts); what was found is shown,
 * and « Utiliser ces informations » hands it to the caller, which saves nothing before the user
 * confirms. A reading or a lookup that fails hands the caller a French message: it turns manual.
 */
export function EnergyLabelScanner({ onUse, onFailure, onManual }: EnergyLabelScannerProps) {
  const [step, setStep] = useState<Step>({ at: 'start' });
  const [cameraError, setCameraError] = useState<string | null>(null);
  const offline = useOffline();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // The same photo chosen again is read again.
  const resetPhoto = useRef<() => void>(null);
  // A camera that answers late (after a photo was chosen, or after the scanner closed) is turned off.
  const current = useRef(step);
  current.current = step;
  const cameraRequests = useRef(0);

  const lookUp = useCallback(
    async (code: ScannedCode) => {
      setStep({
        at: 'busy',
        what:
          code.kind === 'eprel' ? 'Recherche du modèle dans la base européenne EPREL…' : 'Recherche du produit dans Open Products Facts…',
      });
      try {
        setStep({ at: 'found', found: await identify(code) });
      } catch (error) {
        onFailure(error instanceof ApiError ? error.message : MSG.networkError);
      }
    },
    [onFailure],
  );

  const read = useCallback(
    (code: ScannedCode | 'other' | null) => {
      if (code === null) return onFailure(MSG.scanNothingFound);
      if (code === 'other') return onFailure(MSG.scanUnsupportedCode);
      void lookUp(code);
    },
    [lookUp, onFailure],
  );

  const openCamera = useCallback(async () => {
    setCameraError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setCameraError(MSG.cameraUnavailable);
    const request = ++cameraRequests.current;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      if (request !== cameraRequests.current || current.current.at !== 'start') return stopStream(stream);
      setStep({ at: 'camera', stream });
      void warmUpReader().catch(() => undefined);
    } catch (error) {
      if (request === cameraRequests.current) setCameraError(cameraProblem(error));
    }
  }, []);

  // « Scanner l’étiquette énergie » opens the camera at once; « Choisir une photo » stays beside it.
  useEffect(() => {
    void openCamera();
    return () => {
      cameraRequests.current += 1;
    };
  }, [openCamera]);

  const choosePhoto = async (file: File | null) => {
    if (!file) return;
    setCameraError(null);
    cameraRequests.current += 1;
    setStep({ at: 'busy', what: 'Lecture du code sur la photo…' });
    let code: ScannedCode | 'other' | null;
    try {
      code = await decodeImage(file);
    } catch {
      return onFailure(MSG.scanReaderFailed);
    } finally {
      resetPhoto.current?.();
    }
    read(code);
  };

  // The camera's frames are read four times a second until a label's QR code or a barcode is seen.
  const stream = step.at === 'camera' ? step.stream : null;
  useEffect(() => {
    if (!stream || !video.current || !canvas.current) return;
    const element = video.current;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      try {
        const code = await decodeFrame(element, canvas.current!);
        if (stopped) return;
        if (code && code !== 'other') {
          stopped = true;
          stopStream(stream);
          return read(code);
        }
      } catch {
        stopped = true;
        stopStream(stream);
        return onFailure(MSG.scanReaderFailed);
      }
      timer = setTimeout(tick, 250);
    };
    timer = setTimeout(tick, 250);
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopStream(stream);
    };
  }, [stream, read, onFailure]);

  if (step.at === 'found') {
    return (
      <Stack gap="sm" className={classes.room}>
        <IdentifiedProduct found={step.found} />
        <Text size="sm" c="dimmed">
          Rien n’est encore enregistré : ces informations remplissent le formulaire, que vous vérifiez avant de confirmer.
        </Text>
        <SimpleGrid type="container" cols={TWO_WHEN_ROOM} spacing="sm">
          <Button size="lg" leftSection={<IconCheck />} onClick={() => onUse(fieldsOf(step.found))}>
            Utiliser ces informations
          </Button>
          <Button size="lg" variant="default" onClick={() => setStep({ at: 'start' })}>
            Scanner un autre code
          </Button>
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm" className={classes.room}>
        <Text>
          Le QR code de l’étiquette énergie (en haut à droite de l’étiquette) donne la marque, le modèle, la classe énergie et la
          consommation. À défaut, le code-barres du produit.
        </Text>
        {step.at === 'camera' && (
          <div className={classes.viewfinder}>
            <video
              ref={video}
              className={classes.video}
              muted
              playsInline
              aria-label="Image de l’appareil photo : visez le QR code de l’étiquette énergie"
            />
            <canvas ref={canvas} hidden />
            <p className={classes.hint} role="status">
              Visez le QR code de l’étiquette, ou le code-barres.
            </p>
          </div>
        )}
        {step.at === 'busy' && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text>{step.what}</Text>
          </Group>
        )}
        {cameraError && (
          <Alert color="gray" variant="light" role="alert">
            {cameraError}
          </Alert>
        )}
        <OfflineNote what="la lecture de l’étiquette interroge la base européenne des produits" />
        <SimpleGrid type="container" cols={TWO_WHEN_ROOM} spacing="sm">
          {step.at === 'camera' ? (
            <Button size="lg" variant="outline" leftSection={<IconPlayerStop />} onClick={() => setStep({ at: 'start' })}>
              Arrêter l’appareil photo
            </Button>
          ) : (
            <Button size="lg" leftSection={<IconCamera />} onClick={openCamera} disabled={step.at === 'busy' || offline}>
              Utiliser l’appareil photo
            </Button>
          )}
          <FileButton onChange={choosePhoto} accept="image/*" resetRef={resetPhoto}>
            {(props) => (
              <Button {...props} size="lg" variant="outline" leftSection={<IconPhoto />} disabled={step.at === 'busy' || offline}>
                Choisir une photo
              </Button>
            )}
          </FileButton>
        </SimpleGrid>
        <Button
          variant="subtle"
          leftSection={<IconPencil size={18} />}
          onClick={onManual}
          disabled={step.at === 'busy'}
          style={{ alignSelf: 'flex-start' }}
        >
          Saisir à la main
        </Button>
      </Stack>
    </Paper>
  );
}
