import { IMPORT_MAX_CHARS, type InventoryImportAnswer, type InventoryImportLast, MSG } from '@ecofoyer/contracts';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { OfflineNote } from '../../../components/offline-note.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOffline } from '../../../lib/network-state.ts';
import { type ImportProgress, useImportAppliances } from '../api/inventory-csv.ts';
import { useLastImport } from '../api/last-import.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** « 2 appareils à créer, 1 à mettre à jour » before; « 2 appareils créés, 1 mis à jour » once done. */
function summary(a: InventoryImportAnswer): string {
  const before = !a.applique;
  const parts = [
    a.crees ? plural(a.crees, before ? 'appareil à créer' : 'appareil créé', before ? 'appareils à créer' : 'appareils créés') : null,
    a.misAJour
      ? plural(
          a.misAJour,
          before ? 'appareil à mettre à jour' : 'appareil mis à jour',
          before ? 'appareils à mettre à jour' : 'appareils mis à jour',
        )
      : null,
    a.identiques ? plural(a.identiques, 'appareil déjà à jour', 'appareils déjà à jour') : null,
    a.refuses ? plural(a.refuses, 'ligne refusée', 'lignes refusées') : null,
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}.` : 'Aucune ligne à importer.';
}

/** What a row becomes, said before anything is saved. */
const BECOMES: Record<InventoryImportAnswer['lignes'][number]['resultat'], { label: string; color: string }> = {
  cree: { label: 'À créer', color: 'eco' },
  'mis-a-jour': { label: 'À mettre à jour', color: 'blue' },
  identique: { label: 'Déjà à jour', color: 'gray' },
  refuse: { label: 'Refusée', color: 'red' },
};
/** Rows shown one by one (the rest summed up; a refused one further down is still listed). */
const SHOWN = 50;

/** Where each request starts: the file's upload. */
const SENDING: ImportProgress = { etape: 'envoi', fait: 0, total: 100 };

const STEPS: Record<ImportProgress['etape'], string> = {
  envoi: 'Envoi du fichier…',
  lecture: 'Lecture du fichier…',
  verification: 'Vérification des lignes…',
  ecriture: 'Enregistrement…',
};

/** « Envoi du fichier… 40 % », then « Vérification des lignes… 3 200 / 10 000 »: a bar and its words, read out politely. */
function ImportProgressBar({ progress: { etape, fait, total } }: { progress: ImportProgress }) {
  const label =
    etape === 'envoi' ? `${STEPS.envoi} ${fait} %` : `${STEPS[etape]} ${fait.toLocaleString('fr-FR')} / ${total.toLocaleString('fr-FR')}`;
  return (
    <Stack gap={6} data-testid="import-progress">
      <Text size="sm" fw={600} role="status" aria-live="polite">
        {label}
      </Text>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label="Progression de l’import"
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={fait}
        aria-valuetext={label}
      >
        <Progress.Section value={total > 0 ? Math.round((fait / total) * 100) : 0} withAria={false} />
      </Progress.Root>
    </Stack>
  );
}

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/**
 * The household's last import as the server has it — this page's, another tab's, another member's, or
 * one that went on while the page was closed: « Un import est en cours… » with its progress, then
 * « Dernier import le 24 novembre 2026 à 11:00 : 3 appareils créés, 1 mis à jour » or why it failed.
 */
function LastImport({ last }: { last: InventoryImportLast }) {
  if (last.etat === 'en_cours')
    return (
      <Stack gap={6} data-testid="import-running">
        <Text fw={600}>Un import est en cours…</Text>
        {last.etape && last.fait !== undefined && last.total !== undefined && (
          <ImportProgressBar progress={{ etape: last.etape, fait: last.fait, total: last.total }} />
        )}
      </Stack>
    );
  const when = `Dernier import le ${WHEN.format(new Date(last.fin ?? last.debut))}\u00a0:`;
  if (last.etat === 'echec')
    return (
      <Text size="sm" c="red.8" data-testid="import-last">
        {`${when} ${last.erreur?.message ?? MSG.importFailed}`}
      </Text>
    );
  const { crees = 0, misAJour = 0 } = last.resultat ?? {};
  return (
    <Text size="sm" data-testid="import-last">
      {`${when} ${plural(crees, 'appareil créé', 'appareils créés')}, ${misAJour} mis à jour.`}
    </Text>
  );
}

/**
 * « Importer des appareils »: a CSV with the columns of the export (from another
 * household, a spreadsheet or a backup), shown row by row before anything is written, then imported
 * all at once. Importing the same file again creates nothing twice.
 */
export function InventoryImport() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<InventoryImportAnswer | null>(null);
  const [done, setDone] = useState<InventoryImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(SENDING);
  const run = useImportAppliances(setProgress);
  const offline = useOffline();
  const last = useLastImport().data;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setDone(null);
    setError(null);
    setText(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_CHARS) return setError(MSG.importTooLarge);
    try {
      const contenu = await chosen.text();
      setText(contenu);
      setProgress(SENDING);
      setPreview(await run.mutateAsync({ contenu, appliquer: false }));
    } catch (e) {
      setError(errorMessage(e, 'Le fichier n’a pas pu être lu. Réessayez dans un instant.'));
    }
  };
  const apply = async () => {
    if (!text) return;
    setError(null);
    setProgress(SENDING);
    try {
      setDone(await run.mutateAsync({ contenu: text, appliquer: true }));
      setPreview(null);
      setFile(null);
      setText(null);
    } catch (e) {
      setError(errorMessage(e, MSG.importFailed));
    }
  };
  const cancel = () => void choose(null);
  const first = preview?.lignes.slice(0, SHOWN) ?? [];
  const refusedLater = preview?.lignes.slice(SHOWN).filter((l) => l.resultat === 'refuse') ?? [];
  const toWrite = preview ? preview.crees + preview.misAJour : 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="inventory-import">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconFileImport size={22} aria-hidden />
          <Title order={2} size="h3" id="inventory-import">
            Importer des appareils
          </Title>
        </Group>
        <Text size="sm">
          Un fichier CSV avec les colonnes de l’export ci-dessus (au moins « Type d’appareil », « Marque » et « Modèle »), ou l’export CSV
          de Homebox. Vous voyez ce que chaque ligne deviendra avant que rien ne soit enregistré ; importer deux fois le même fichier ne
          crée pas de doublon.
        </Text>
        <FileInput
          label="Fichier CSV"
          placeholder="Choisir un fichier"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          leftSection={<IconUpload size={18} />}
          // The file input's placeholder is text on the page (not an input's ::placeholder): AA contrast (axe).
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          disabled={run.isPending || offline}
        />
        <OfflineNote what="l’import CSV a besoin du réseau" />
        {/* This page's import says where it is itself; once it is over, its outcome is shown below. */}
        {last && !run.isPending && !done && <LastImport last={last} />}
        {run.isPending && !preview && <ImportProgressBar progress={progress} />}
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <Stack gap="sm" data-testid="import-preview">
            <Text fw={600} role="status">
              Dans ce fichier : {summary(preview)}
            </Text>
            {preview.nouveauxUnivers.length > 0 && (
              <Text size="sm">
                Univers ajouté{preview.nouveauxUnivers.length > 1 ? 's' : ''} : {preview.nouveauxUnivers.join(', ')}.
              </Text>
            )}
            {first.length > 0 && (
              <List size="sm" spacing={6} listStyleType="none" aria-label={`Les ${first.length} premières lignes du fichier`}>
                {first.map((l) => (
                  <List.Item key={l.ligne}>
                    <Badge color={BECOMES[l.resultat].color} variant="light" mr={6}>
                      {BECOMES[l.resultat].label}
                    </Badge>
                    Ligne {l.ligne} : {l.nom}
                    {l.raison && ` — ${l.raison}`}
                  </List.Item>
                ))}
                {preview.lignes.length > SHOWN && (
                  <List.Item>… et {plural(preview.lignes.length - SHOWN, 'autre ligne', 'autres lignes')}, comptées ci-dessus.</List.Item>
                )}
              </List>
            )}
            {refusedLater.length > 0 && (
              <List size="sm" spacing={4} aria-label="Lignes refusées plus loin dans le fichier">
                {refusedLater.slice(0, SHOWN).map((l) => (
                  <List.Item key={l.ligne}>
                    <Badge color="red" variant="light" mr={6}>
                      Ligne {l.ligne}
                    </Badge>
                    {l.nom} : {l.raison}
                  </List.Item>
                ))}
                {refusedLater.length > SHOWN && <List.Item>… et {refusedLater.length - SHOWN} autres lignes refusées.</List.Item>}
              </List>
            )}
            {run.isPending && <ImportProgressBar progress={progress} />}
            <Group gap="sm">
              <Button onClick={() => void apply()} loading={run.isPending} disabled={toWrite === 0}>
                {toWrite === 0 ? 'Rien à importer' : `Importer ${plural(toWrite, 'appareil', 'appareils')}`}
              </Button>
              <Button variant="subtle" onClick={cancel} disabled={run.isPending}>
                Annuler
              </Button>
            </Group>
          </Stack>
        )}
        {done && (
          <Alert color="eco" icon={<IconCircleCheck />} role="status" title="Import terminé">
            {summary(done)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
