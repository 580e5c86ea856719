import { type Appliance, dayFr, type ImageReading, MSG, priceError, TEXT_MAX, type Universe } from '@ecofoyer/contracts';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconCamera, IconCircleCheck, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { ImageSearch } from '../components/image-search.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAppliance } from '../../appliances/api/appliances.ts';
import { applianceDetailPath } from '../../appliances/paths.ts';
import { useRefProducts, useRefUniverses } from '../../references/api/references.ts';
import { productOptions as optionsFor, roomOf, searchProductOptions } from '../product-options.ts';
import { useSaveUniverse, useUniverses } from '../../universes/api/universes.ts';
import { FILE_ACCEPT } from '@ecofoyer/contracts';
import dl from '../../../components/definition-list.module.css';
import classes from './new-device-page.module.css';

const STEPS = ['Univer', 'Détails', 'Confirmation', 'Terminé'] as const;

interface Details {
  prodId: string | null;
  marque: string;
  modele: string;
  dt_achat: string;
  facture: string;
  note: string;
  picture: File | null;
  /** « Mes droits » (issue 20): optional, they decide the guarantees. */
  vendeur: string;
  prix_achat: string;
  numero_serie: string;
  dt_livraison: string;
  occasion: boolean;
  garantie_commerciale_fin: string;
}

const EMPTY: Details = {
  prodId: null,
  marque: '',
  modele: '',
  dt_achat: '',
  facture: '',
  note: '',
  picture: null,
  vendeur: '',
  prix_achat: '',
  numero_serie: '',
  dt_livraison: '',
  occasion: false,
  garantie_commerciale_fin: '',
};
const today = () => new Date().toISOString().slice(0, 10);

/** spec §2/§4 New-device wizard: Univer → Détails → Confirmation → Terminé. */
export function NewDevicePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const universes = useUniverses();
  const products = useRefProducts();
  const rooms = useRefUniverses();
  const passedUniverse = Number(params.get('univers')) || null;
  // spec §4: if a universe was passed in, it starts at step 1.
  const [step, setStep] = useState(passedUniverse ? 1 : 0);
  const [universe, setUniverse] = useState<Universe | null>(null);
  const [details, setDetails] = useState<Details>({ ...EMPTY, prodId: params.get('prod') });
  const [mode, setMode] = useState<'choose' | 'manual' | 'image'>('choose');
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [created, setCreated] = useState<Appliance | null>(null);
  // What the photo of the rating plate gave, shown above the form for the user to check (issue 16, item 8).
  const [reading, setReading] = useState<ImageReading | null>(null);
  const saveUniverse = useSaveUniverse();
  const createAppliance = useCreateAppliance(setProgress);

  useEffect(() => {
    if (passedUniverse && !universe && universes.data) {
      const found = universes.data.find((u) => u.univer_id === passedUniverse);
      if (found) setUniverse(found);
      else setStep(0);
    }
  }, [passedUniverse, universe, universes.data]);

  const productOptions = useMemo(() => optionsFor(products.data ?? [], roomOf(universe, rooms.data ?? [])), [products.data, universe, rooms.data]);
  const product = products.data?.find((p) => String(p.id) === details.prodId) ?? null;
  const set = <K extends keyof Details>(key: K, value: Details[K]) => {
    setDetails((d) => ({ ...d, [key]: value }));
    // « Veuillez remplir les champs obligatoires ! » goes once a field is changed (issue 16, item 15).
    setAlert(null);
  };

  const go = (next: number) => {
    setAlert(null);
    setStep(next);
  };
  const back = () => {
    // spec §4: back at step 0 leaves the page.
    if (step === 0) navigate(-1);
    else if (step === 1 && mode !== 'choose') setMode('choose');
    else go(step - 1);
  };

  // spec §5: a product type before "Rechercher par image" or "Ajouter manuel".
  const chooseMode = (next: 'manual' | 'image') => {
    if (!details.prodId) return setAlert(MSG.productTypeRequired);
    setAlert(null);
    setReading(null);
    setMode(next);
  };
  // spec §5: manual add requires brand and model.
  const toConfirmation = () => {
    if (!details.prodId) return setAlert(MSG.productTypeRequired);
    if (!details.marque.trim() || !details.modele.trim()) return setAlert(MSG.requiredFieldsMissing);
    if (details.dt_achat && details.dt_achat > today()) return setAlert(MSG.dateInFuture);
    if (details.dt_livraison && details.dt_livraison > today()) return setAlert(MSG.deliveryInFuture);
    if (priceError(details.prix_achat)) return setAlert(MSG.priceInvalid);
    go(2);
  };

  /** The chosen universe's id; a reference universe not yet created is created now, with the reference name. */
  const ensureUniverse = async (): Promise<number> => {
    if (!universe) throw new Error(MSG.serverError);
    if (universe.univer_id > 0) return universe.univer_id;
    const created = await saveUniverse.mutateAsync({ name: universe.name, description: universe.description, refUniverId: universe.refuniver_id });
    setUniverse(created);
    return created.univer_id;
  };

  const confirm = async () => {
    if (!universe || !details.prodId) return;
    setAlert(null);
    try {
      const universeId = await ensureUniverse();
      const appliance = await createAppliance.mutateAsync({
        universeId,
        data: {
          prod_id: Number(details.prodId),
          marque: details.marque,
          modele: details.modele,
          dt_achat: details.dt_achat || null,
          facture: details.facture || null,
          note: details.note || null,
          vendeur: details.vendeur || null,
          prix_achat: details.prix_achat.trim() || null,
          numero_serie: details.numero_serie || null,
          dt_livraison: details.dt_livraison || null,
          occasion: details.occasion,
          garantie_commerciale_fin: details.garantie_commerciale_fin || null,
        },
        picture: details.picture,
      });
      setCreated(appliance);
      go(3);
    } catch (error) {
      setAlert(errorMessage(error, MSG.serverError));
    }
  };

  const restart = () => {
    setDetails({ ...EMPTY });
    setMode('choose');
    setCreated(null);
    setReading(null);
    setProgress(0);
    go(universe ? 1 : 0);
  };

  const busy = saveUniverse.isPending || createAppliance.isPending;
  return (
    <>
      <PageTitle title="Ajouter un appareil" />
      <Stack maw={760} gap="lg">
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          iconSize={32}
          aria-label="Étapes de l’ajout"
          classNames={{ step: classes.step, stepBody: classes.stepBody, separator: classes.separator }}
        >
          {STEPS.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
        {alert && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {alert}
          </Alert>
        )}
        {/* spec §4: advancing slides in (500 ms; instant with reduced motion). */}
        <div className={classes.slideFrame}>
          <div key={`${step}-${mode}`} className={classes.slide}>
            {step === 0 && (
              <Stack>
                <Title order={2} fz="lg">
                  Dans quel univers se trouve votre appareil ?
                </Title>
                {universes.isPending && <Skeleton h={160} radius="lg" />}
                {universes.isError && <Alert color="red">{universes.error.message}</Alert>}
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="radiogroup" aria-label="Univers">
                  {universes.data?.map((u) => {
                    const selected = universe?.univer_id === u.univer_id && universe.refuniver_id === u.refuniver_id;
                    return (
                      <UnstyledButton
                        key={`${u.univer_id}-${u.refuniver_id}`}
                        role="radio"
                        aria-checked={selected}
                        className={classes.choice}
                        data-selected={selected || undefined}
                        data-placeholder={u.univer_id < 0 || undefined}
                        onClick={() => setUniverse(u)}
                      >
                        {u.image && <Image src={u.image} alt="" h={64} fit="contain" />}
                        <Text fw={600} ta="center">
                          {u.name}
                        </Text>
                        <Text size="xs" c="dimmed" ta="center">
                          {u.univer_id < 0 ? 'Nouvel univers' : u.text}
                        </Text>
                      </UnstyledButton>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            )}

            {step === 1 && (
              <Stack>
                <Text c="dimmed">
                  Univers : <strong>{universe?.name}</strong>
                </Text>
                <Select
                  label="Type de produit"
                  placeholder="Choisissez le type d’appareil"
                  data={productOptions}
                  filter={searchProductOptions}
                  maxDropdownHeight={320}
                  value={details.prodId}
                  onChange={(v) => set('prodId', v)}
                  searchable
                  nothingFoundMessage="Aucun type ne correspond"
                  withAsterisk
                />
                {mode === 'choose' && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Button size="lg" variant="outline" leftSection={<IconCamera />} onClick={() => chooseMode('image')}>
                      Rechercher par image
                    </Button>
                    <Button size="lg" leftSection={<IconPencil />} onClick={() => chooseMode('manual')}>
                      Ajouter manuel
                    </Button>
                  </SimpleGrid>
                )}
                {mode === 'image' && details.prodId && (
                  <ImageSearch
                    onRead={(read) => {
                      setDetails((d) => ({ ...d, marque: read.marque ?? '', modele: read.modele ?? '' }));
                      setReading(read);
                      setMode('manual');
                    }}
                    onManual={() => setMode('manual')}
                  />
                )}
                {mode === 'manual' && (
                  <Stack gap="sm">
                    {reading && <PlateReadingNotice reading={reading} />}
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label="Marque"
                        withAsterisk
                        maxLength={TEXT_MAX}
                        value={details.marque}
                        onChange={(e) => set('marque', e.currentTarget.value)}
                        description={reading ? (reading.marque ? 'Lue sur la plaque' : 'Non lue sur la photo : à compléter') : undefined}
                      />
                      <TextInput
                        label="Modèle"
                        withAsterisk
                        maxLength={TEXT_MAX}
                        value={details.modele}
                        onChange={(e) => set('modele', e.currentTarget.value)}
                        description={reading ? (reading.modele ? 'Lu sur la plaque' : 'Non lu sur la photo : à compléter') : undefined}
                      />
                    </SimpleGrid>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label="Date d’achat" type="date" max={today()} value={details.dt_achat} onChange={(e) => set('dt_achat', e.currentTarget.value)} />
                      <TextInput
                        label="Référence de la facture"
                        description="Numéro ou magasin, si vous l’avez"
                        maxLength={TEXT_MAX}
                        value={details.facture}
                        onChange={(e) => set('facture', e.currentTarget.value)}
                      />
                    </SimpleGrid>
                    <AutoTextarea label="Note" maxLength={TEXT_MAX} value={details.note} onChange={(e) => set('note', e.currentTarget.value)} description={`${details.note.length}/${TEXT_MAX}`} />
                    <details>
                      <summary>Achat et garanties (facultatif) : pour connaître vos droits</summary>
                      <Stack gap="sm" mt="sm">
                        <SimpleGrid cols={{ base: 1, sm: 2 }}>
                          <TextInput label="Vendeur" maxLength={TEXT_MAX} value={details.vendeur} onChange={(e) => set('vendeur', e.currentTarget.value)} />
                          <TextInput label="Prix d’achat (€)" inputMode="decimal" placeholder="349,90" value={details.prix_achat} onChange={(e) => set('prix_achat', e.currentTarget.value)} />
                        </SimpleGrid>
                        <SimpleGrid cols={{ base: 1, sm: 2 }}>
                          <TextInput label="Numéro de série" maxLength={TEXT_MAX} value={details.numero_serie} onChange={(e) => set('numero_serie', e.currentTarget.value)} />
                          <TextInput label="Date de livraison" type="date" max={today()} value={details.dt_livraison} onChange={(e) => set('dt_livraison', e.currentTarget.value)} />
                        </SimpleGrid>
                        <SimpleGrid cols={{ base: 1, sm: 2 }}>
                          <TextInput label="Fin de la garantie commerciale" type="date" value={details.garantie_commerciale_fin} onChange={(e) => set('garantie_commerciale_fin', e.currentTarget.value)} />
                          <Checkbox mt={{ sm: 'xl' }} label="Acheté d’occasion à un professionnel" checked={details.occasion} onChange={(e) => set('occasion', e.currentTarget.checked)} />
                        </SimpleGrid>
                      </Stack>
                    </details>
                    <FileInput
                      label="Photo de l’appareil"
                      placeholder="Choisir une photo"
                      accept={FILE_ACCEPT.image}
                      leftSection={<IconPhoto size={18} />}
                      value={details.picture}
                      onChange={(f) => set('picture', f)}
                      clearable
                    />
                  </Stack>
                )}
              </Stack>
            )}

            {step === 2 && (
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    Vérifiez les informations
                  </Title>
                  <Group align="flex-start">
                    <Image
                      src={details.picture ? URL.createObjectURL(details.picture) : (product?.pict ?? '/logo.svg')}
                      alt=""
                      w={96}
                      h={96}
                      fit="contain"
                      radius="md"
                    />
                    <dl className={dl.list} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                      <dt>Univers</dt>
                      <dd>{universe?.name}</dd>
                      <dt>Type</dt>
                      <dd>{product?.prodName}</dd>
                      <dt>Marque</dt>
                      <dd>{details.marque}</dd>
                      <dt>Modèle</dt>
                      <dd>{details.modele}</dd>
                      <dt>Date d’achat</dt>
                      <dd>{details.dt_achat ? dayFr(details.dt_achat) : MSG.unknownDate}</dd>
                      {details.facture && (
                        <>
                          <dt>Facture</dt>
                          <dd>{details.facture}</dd>
                        </>
                      )}
                      {details.note && (
                        <>
                          <dt>Note</dt>
                          <dd>{details.note}</dd>
                        </>
                      )}
                      {details.vendeur && (
                        <>
                          <dt>Vendeur</dt>
                          <dd>{details.vendeur}</dd>
                        </>
                      )}
                      {details.prix_achat.trim() && (
                        <>
                          <dt>Prix d’achat</dt>
                          <dd>{details.prix_achat.trim()} €</dd>
                        </>
                      )}
                      {details.garantie_commerciale_fin && (
                        <>
                          <dt>Garantie commerciale</dt>
                          <dd>jusqu’au {dayFr(details.garantie_commerciale_fin)}</dd>
                        </>
                      )}
                    </dl>
                  </Group>
                  {busy && details.picture && <Progress value={progress} aria-label="Envoi de la photo" animated />}
                </Stack>
              </Paper>
            )}

            {step === 3 && created && (
              <Stack align="center" ta="center" gap="md">
                <Alert color="eco" icon={<IconCircleCheck />} role="status" w="100%">
                  {MSG.deviceAdded}
                </Alert>
                <Image src={created.pict ?? created.product?.pict ?? '/logo.svg'} alt="" w={140} h={140} fit="contain" />
                <Title order={2} fz="xl">
                  Bravo ! {created.name} a rejoint votre inventaire.
                </Title>
                <Text c="dimmed">Retrouvez sa fiche, sa notice et ses entretiens à tout moment.</Text>
                <Group justify="center">
                  <Button component={Link} to={applianceDetailPath(created.id)}>
                    Voir mon appareil
                  </Button>
                  <Button variant="light" onClick={restart}>
                    Ajouter un autre appareil
                  </Button>
                </Group>
              </Stack>
            )}
          </div>
        </div>

        {step < 3 && (
          <Group justify="space-between">
            <Button variant="default" onClick={back} disabled={busy}>
              Précédent
            </Button>
            {step === 0 && (
              <Button onClick={() => go(1)} disabled={!universe}>
                Suivant
              </Button>
            )}
            {step === 1 && mode === 'manual' && <Button onClick={toConfirmation}>Suivant</Button>}
            {step === 2 && (
              <Button onClick={confirm} loading={busy}>
                Confirmer l’ajout
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </>
  );
}

/** What was read on the rating plate: the user checks it and completes what is missing before « Suivant ». */
function PlateReadingNotice({ reading }: { reading: ImageReading }) {
  const complete = reading.marque && reading.modele;
  return (
    // The title in orange.9: the light variant's orange title is below AA contrast on its background.
    <Alert color={complete ? 'eco' : 'orange'} role="status" title={complete ? 'Lu sur la plaque' : 'Lu en partie sur la plaque'} styles={{ title: { color: complete ? undefined : 'var(--mantine-color-orange-9)' } }}>
      <Stack gap={6}>
        <Text size="sm">
          {complete
            ? `Marque\u00a0: ${reading.marque}, modèle\u00a0: ${reading.modele}. Vérifiez-les et corrigez-les si besoin, puis appuyez sur « Suivant ».`
            : `Nous n’avons pas pu lire ${reading.marque ? 'le modèle' : 'la marque'} : complétez-${reading.marque ? 'le' : 'la'} à partir de la plaque ou de la facture, puis appuyez sur « Suivant ».`}
        </Text>
        {reading.text.trim() && (
          <details>
            <summary>Texte lu sur la photo</summary>
            <Text component="pre" size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
              {reading.text.trim()}
            </Text>
          </details>
        )}
      </Stack>
    </Alert>
  );
}
