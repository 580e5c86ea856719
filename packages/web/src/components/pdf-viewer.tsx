import { ActionIcon, Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import classes from './pdf-viewer.module.css';

/** pdf.js and its worker, loaded the first time a document is opened (not in the app's first bundle). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * pdf.js and its worker fetched now, so that the service worker keeps them (decision 030): a manual
 * made available offline opens in the cellar even if no document was opened online before.
 */
export async function preloadPdfJs(): Promise<void> {
  const [, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  await fetch(worker.default);
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * A PDF drawn by pdf.js in the page: phones show no PDF in a frame, and the files are
 * served with `Content-Security-Policy: sandbox`, which no plugin viewer accepts. Pages one at a
 * time, fitted to the width, with zoom, the page count and a download link.
 */
export function PdfViewer({ url, title, fileName }: { url: string; title: string; fileName: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    setPage(1);
    loadPdfJs()
      .then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }).promise)
      .then((d) => {
        loaded = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current || !frame.current) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current || !frame.current) return;
      const natural = p.getViewport({ scale: 1 });
      // Fitted to the frame's width at 100 %, drawn at the screen's pixel density.
      const scale = (Math.max(frame.current.clientWidth - 2, 200) / natural.width) * zoom;
      const viewport = p.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${Math.floor(viewport.width)}px`;
      c.style.height = `${Math.floor(viewport.height)}px`;
      task = p.render({ canvas: c, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.then(
        () => !cancelled && setDrawn((n) => n + 1),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  const download = (
    <Anchor href={url} download={fileName} fw={600}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden /> Télécharger le PDF
      </Group>
    </Anchor>
  );

  if (failed) {
    return (
      <Alert color="red" title="Impossible d’afficher ce document">
        <Stack gap="xs">
          <Text size="sm">Le fichier est peut-être endommagé, ou le lien a expiré : rechargez la page, ou téléchargez-le.</Text>
          {download}
        </Stack>
      </Alert>
    );
  }

  const zoomIndex = ZOOMS.indexOf(zoom);
  const pages = doc?.numPages ?? 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Page précédente"
            disabled={!doc || page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" aria-live="polite" miw={100} ta="center">
            {doc ? `Page ${page} sur ${pages}` : 'Chargement…'}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Page suivante"
            disabled={!doc || page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Zoom arrière"
            disabled={!doc || zoomIndex <= 0}
            onClick={() => setZoom(ZOOMS[zoomIndex - 1]!)}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
          <Text size="sm" miw={48} ta="center">
            {Math.round(zoom * 100)} %
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Zoom avant"
            disabled={!doc || zoomIndex >= ZOOMS.length - 1}
            onClick={() => setZoom(ZOOMS[zoomIndex + 1]!)}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Group>
        {download}
      </Group>
      <div ref={frame} className={classes.frame}>
        {!doc && (
          <Group justify="center" p="xl">
            <Loader size="sm" />
            <Text size="sm">Chargement du document…</Text>
          </Group>
        )}
        <canvas
          ref={canvas}
          role="img"
          aria-label={doc ? `${title}, page ${page} sur ${pages}` : title}
          data-drawn={drawn}
          data-testid="pdf-page"
          className={classes.page}
          hidden={!doc}
        />
      </div>
    </Stack>
  );
}
