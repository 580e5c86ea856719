import { dayFr, type Label, LABEL_SHEET_NAMES, LABEL_SHEETS, type LabelSheet, MSG } from '@ecofoyer/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconPrinter, IconQrcode } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { useCanEdit } from '../../foyer/api/foyer.ts';
import { downloadLabelsPdf, useCreateLabels, useInventory, useLabels, useRevokeLabel } from '../api/labels.ts';
import { LabelSheetPage, PrintSheets, pages, type SheetItem } from '../components/label-sheet.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * /etiquettes: QR labels to stick on the appliances. Scanned, a label opens the
 * appliance's page for a member of the foyer. Printed by the browser on an Avery A4 sheet, or
 * downloaded as a PDF; a label lost or stuck on the wrong device is revoked here.
 */
export function LabelsPage() {
  const inventory = useInventory();
  const labels = useLabels();
  const create = useCreateLabels();
  const revoke = useRevokeLabel();
  const canEdit = useCanEdit();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [sheet, setSheet] = useState<LabelSheet>('L7160');
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // Asked once the labels exist and the sheets to print are drawn with their codes (below).
  const [printAsked, setPrintAsked] = useState(0);

  const byAppliance = useMemo(() => new Map((labels.data ?? []).map((l): [number, Label] => [l.applianceId, l])), [labels.data]);
  const appliances = inventory.data ?? [];
  // The inventory's order, whatever the order of the clicks: the preview, the print and the PDF agree.
  const chosen: SheetItem[] = appliances
    .filter((a) => selected.has(a.id))
    .map((a) => ({ applianceId: a.id, nom: a.name, label: byAppliance.get(a.id) }));
  const sheets = pages(chosen, sheet);

  useEffect(() => {
    if (printAsked > 0) window.print();
  }, [printAsked]);

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const run = async (what: 'print' | 'pdf') => {
    setError(null);
    if (chosen.length === 0) {
      setError(MSG.labelChooseAppliance);
      return;
    }
    const ids = chosen.map((c) => c.applianceId);
    setBusy(what);
    try {
      await create.mutateAsync(ids);
      if (what === 'print') setPrintAsked((n) => n + 1);
      else await downloadLabelsPdf(sheet, ids);
    } catch (e) {
      setError(errorMessage(e, MSG.serverError));
    } finally {
      setBusy(null);
    }
  };

  const askRevoke = (label: Label) =>
    setConfirm({
      title: 'Révoquer l’étiquette ?',
      message: `L’étiquette de « ${label.nom} » n’ouvrira plus sa fiche : scannée, elle dira qu’elle a été révoquée. Vous pourrez en imprimer une nouvelle.`,
      confirmLabel: 'Révoquer',
      onConfirm: () => revoke.mutateAsync(label.code),
    });

  const intro = (
    <Text maw={760}>
      Collez une étiquette sur chaque appareil : scannée avec un téléphone, elle ouvre sa fiche (entretiens, notice, facture) pour les
      membres de votre foyer, après connexion s’il le faut. Imprimez-les sur une planche A4 d’étiquettes adhésives Avery, ou téléchargez le
      PDF.
    </Text>
  );

  if (inventory.isPending || labels.isPending) {
    return (
      <>
        <PageTitle title="Étiquettes QR" />
        <Stack gap="md">
          {intro}
          <Skeletons count={3} h={72} />
        </Stack>
      </>
    );
  }
  if (inventory.isError || labels.isError) {
    return (
      <>
        <PageTitle title="Étiquettes QR" />
        <ErrorAlert
          message={(inventory.error ?? labels.error)?.message ?? MSG.serverError}
          onRetry={() => {
            void inventory.refetch();
            void labels.refetch();
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title="Étiquettes QR" />
      <Stack gap="md">
        {intro}
        {appliances.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>Aucun appareil dans votre inventaire.</Text>
              <Anchor component={Link} to="/inventaire">
                Ajouter un appareil
              </Anchor>
            </Stack>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="md">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="labels-appliances">
                <Group justify="space-between" gap="xs" mb="sm">
                  <Title order={2} fz="lg" id="labels-appliances">
                    Appareils à étiqueter
                  </Title>
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {plural(selected.size, 'choisi', 'choisis')} sur {appliances.length}
                  </Text>
                </Group>
                <Group gap="xs" mb="sm">
                  <Button variant="light" size="compact-sm" onClick={() => setSelected(new Set(appliances.map((a) => a.id)))}>
                    Tout sélectionner
                  </Button>
                  <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
                    Aucun
                  </Button>
                </Group>
                <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {appliances.map((a) => {
                    const label = byAppliance.get(a.id);
                    return (
                      <Group
                        component="li"
                        key={a.id}
                        justify="space-between"
                        wrap="wrap"
                        gap="xs"
                        py="xs"
                        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                      >
                        <Checkbox
                          label={a.name}
                          description={[a.univer_name, label ? `Étiquette créée le ${dayFr(label.creeLe)}` : 'Pas encore d’étiquette']
                            .filter(Boolean)
                            .join(' · ')}
                          checked={selected.has(a.id)}
                          onChange={(e) => toggle(a.id, e.currentTarget.checked)}
                          style={{ flex: 1, minWidth: 200 }}
                        />
                        {label && canEdit && (
                          <Button
                            variant="subtle"
                            color="red.9"
                            c="red.9"
                            size="compact-sm"
                            onClick={() => askRevoke(label)}
                            aria-label={`Révoquer l’étiquette de ${a.name}`}
                          >
                            Révoquer l’étiquette
                          </Button>
                        )}
                        {label && !canEdit && (
                          <Badge variant="light" size="sm">
                            Étiquetée
                          </Badge>
                        )}
                      </Group>
                    );
                  })}
                </Stack>
              </Paper>

              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="labels-print">
                <Title order={2} fz="lg" mb="sm" id="labels-print">
                  Impression
                </Title>
                <Stack gap="md">
                  <Radio.Group value={sheet} onChange={(v) => setSheet(v as LabelSheet)} label="Planche d’étiquettes" name="planche">
                    <Stack gap="xs" mt="xs">
                      {LABEL_SHEET_NAMES.map((name) => (
                        <Radio key={name} value={name} label={LABEL_SHEETS[name].nom} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  {error && (
                    <Alert color="red" icon={<IconAlertCircle />} role="alert">
                      {error}
                    </Alert>
                  )}
                  {canEdit ? (
                    <Group gap="sm">
                      <Button
                        leftSection={<IconPrinter size={18} />}
                        onClick={() => void run('print')}
                        loading={busy === 'print'}
                        disabled={busy !== null && busy !== 'print'}
                      >
                        Imprimer
                      </Button>
                      <Button
                        variant="light"
                        leftSection={<IconDownload size={18} />}
                        onClick={() => void run('pdf')}
                        loading={busy === 'pdf'}
                        disabled={busy !== null && busy !== 'pdf'}
                      >
                        Télécharger le PDF
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm">{MSG.foyerReadOnly} Un membre ou un propriétaire du foyer imprime les étiquettes.</Text>
                  )}
                  <Text size="sm" c="dimmed">
                    Dans la fenêtre d’impression, gardez l’échelle à 100 % (taille réelle) et les marges par défaut : la planche a les
                    siennes.
                  </Text>
                </Stack>
              </Paper>
            </Stack>

            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="labels-preview">
              <Group gap="xs" mb="sm">
                <IconQrcode size={22} aria-hidden />
                <Title order={2} fz="lg" id="labels-preview">
                  Aperçu
                </Title>
              </Group>
              {chosen.length === 0 ? (
                <Text c="dimmed">Choisissez des appareils : leur planche s’affiche ici.</Text>
              ) : (
                <Stack gap="md" maw={420} mx="auto">
                  <Text size="sm" c="dimmed">
                    {plural(chosen.length, 'étiquette', 'étiquettes')} sur {plural(sheets.length, 'planche', 'planches')}{' '}
                    {LABEL_SHEETS[sheet].nom.split(' — ')[0]}
                    {chosen.some((c) => !c.label) ? ' ; les codes manquants sont créés à l’impression.' : '.'}
                  </Text>
                  {sheets.map((items, i) => (
                    <LabelSheetPage
                      key={items[0]!.applianceId}
                      items={items}
                      sheet={sheet}
                      label={`Planche ${i + 1} sur ${sheets.length}`}
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          </SimpleGrid>
        )}
      </Stack>
      <PrintSheets items={chosen.filter((c) => c.label)} sheet={sheet} />
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
