import { type Appliance, type ApplianceCreateData, type ImageReading, kwhError, MSG, priceError, type Universe } from '@ecofoyer/contracts';
import { Alert, Button, Group, Stack, Stepper } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { IdentifiedFields } from '../../../lib/slots.tsx';
import { useCreateAppliance } from '../../appliances/api/appliances.ts';
import { useRefProducts, useRefUniverses } from '../../references/api/references.ts';
import { useSaveUniverse, useUniverses } from '../../universes/api/universes.ts';
import { ConfirmationStep } from '../components/confirmation-step.tsx';
import { DetailsStep } from '../components/details-step.tsx';
import { DoneStep } from '../components/done-step.tsx';
import { UniverseStep } from '../components/universe-step.tsx';
import { type Details, type DetailsMode, today } from '../device-details.ts';
import { productOptions as optionsFor, roomOf } from '../product-options.ts';
import classes from './new-device-page.module.css';

const STEPS = ['Univer', 'Détails', 'Confirmation', 'Terminé'] as const;

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
  classenergie: null,
  energy_kwh_year: '',
  eprel_number: '',
  ean: '',
};

/** product §2/§4, New-device wizard: Univer → Détails → Confirmation → Terminé. */
export function NewDevicePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const universes = useUniverses();
  const products = useRefProducts();
  const rooms = useRefUniverses();
  const passedUniverse = Number(params.get('univers')) || null;
  // product §4: if a universe was passed in, it starts at step 1.
  const [step, setStep] = useState(passedUniverse ? 1 : 0);
  const [universe, setUniverse] = useState<Universe | null>(null);
  const [details, setDetails] = useState<Details>({ ...EMPTY, prodId: params.get('prod') });
  const [mode, setMode] = useState<DetailsMode>('choose');
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [created, setCreated] = useState<Appliance | null>(null);
  // What the photo of the rating plate gave, shown above the form for the user to check before saving.
  const [reading, setReading] = useState<ImageReading | null>(null);
  // What the energy label or the barcode gave, or why it gave nothing.
  const [labelNotice, setLabelNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const saveUniverse = useSaveUniverse();
  const createAppliance = useCreateAppliance(setProgress);

  useEffect(() => {
    if (passedUniverse && !universe && universes.data) {
      const found = universes.data.find((u) => u.univer_id === passedUniverse);
      if (found) setUniverse(found);
      else setStep(0);
    }
  }, [passedUniverse, universe, universes.data]);

  const productOptions = useMemo(
    () => optionsFor(products.data ?? [], roomOf(universe, rooms.data ?? [])),
    [products.data, universe, rooms.data],
  );
  const product = products.data?.find((p) => String(p.id) === details.prodId) ?? null;
  const set = <K extends keyof Details>(key: K, value: Details[K]) => {
    setDetails((d) => ({ ...d, [key]: value }));
    // « Veuillez remplir les champs obligatoires ! » goes once a field is changed: it may no longer hold.
    setAlert(null);
  };

  const go = (next: number) => {
    setAlert(null);
    setStep(next);
  };
  const back = () => {
    // product §4: back at step 0 leaves the page.
    if (step === 0) navigate(-1);
    else if (step === 1 && mode !== 'choose') setMode('choose');
    else go(step - 1);
  };

  // product §5: a product type before "Rechercher par image" or "Ajouter manuel"; the energy label's
  // product group suggests one.
  const chooseMode = (next: 'manual' | 'image' | 'scan') => {
    if (next !== 'scan' && !details.prodId) return setAlert(MSG.productTypeRequired);
    setAlert(null);
    setReading(null);
    setLabelNotice(null);
    setMode(next);
  };
  // What the energy label gave fills the form, checked before « Suivant »; nothing is saved yet.
  const onIdentified = (fields: IdentifiedFields) => {
    const suggested = fields.productSlug ? products.data?.find((p) => p.slug === fields.productSlug) : undefined;
    setDetails((d) => ({
      ...d,
      prodId: d.prodId ?? (suggested ? String(suggested.id) : null),
      marque: fields.marque ?? d.marque,
      modele: fields.modele ?? d.modele,
      classenergie: fields.classenergie ?? d.classenergie,
      energy_kwh_year: fields.energy_kwh_year !== null ? String(fields.energy_kwh_year).replace('.', ',') : d.energy_kwh_year,
      eprel_number: fields.eprel_number ?? '',
      ean: fields.ean ?? '',
    }));
    setLabelNotice({
      ok: true,
      text: fields.eprel_number
        ? `Informations de l’étiquette énergie (EPREL n° ${fields.eprel_number}) : vérifiez-les, puis « Suivant ».`
        : `Informations du code-barres ${fields.ean ?? ''} : vérifiez-les et complétez le modèle, puis « Suivant ».`,
    });
    setMode('manual');
  };
  const onScanFailure = (message: string) => {
    setLabelNotice({ ok: false, text: message });
    setMode('manual');
  };
  // product §5: manual add requires brand and model.
  const toConfirmation = () => {
    if (!details.prodId) return setAlert(MSG.productTypeRequired);
    if (!details.marque.trim() || !details.modele.trim()) return setAlert(MSG.requiredFieldsMissing);
    if (details.dt_achat && details.dt_achat > today()) return setAlert(MSG.dateInFuture);
    if (details.dt_livraison && details.dt_livraison > today()) return setAlert(MSG.deliveryInFuture);
    if (priceError(details.prix_achat)) return setAlert(MSG.priceInvalid);
    if (kwhError(details.energy_kwh_year)) return setAlert(MSG.energyKwhInvalid);
    go(2);
  };

  /** The chosen universe's id; a reference universe not yet created is created now, with the reference name. */
  const ensureUniverse = async (): Promise<number> => {
    if (!universe) throw new Error(MSG.serverError);
    if (universe.univer_id > 0) return universe.univer_id;
    const created = await saveUniverse.mutateAsync({
      name: universe.name,
      description: universe.description,
      refUniverId: universe.refuniver_id,
    });
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
          classenergie: (details.classenergie as ApplianceCreateData['classenergie']) ?? null,
          energy_kwh_year: details.energy_kwh_year.trim() || null,
          eprel_number: details.eprel_number || null,
          ean: details.ean || null,
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
    setLabelNotice(null);
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
        {step === 1 && mode === 'manual' && labelNotice && (
          <Alert
            color={labelNotice.ok ? 'eco' : 'gray'}
            variant="light"
            role={labelNotice.ok ? 'status' : 'alert'}
            data-testid="label-notice"
          >
            {labelNotice.text}
          </Alert>
        )}
        {/* product §4: advancing slides in (500 ms; instant with reduced motion). */}
        <div className={classes.slideFrame}>
          <div key={`${step}-${mode}`} className={classes.slide}>
            {step === 0 && <UniverseStep universes={universes} universe={universe} onSelect={setUniverse} />}

            {step === 1 && (
              <DetailsStep
                universeName={universe?.name}
                productOptions={productOptions}
                details={details}
                mode={mode}
                reading={reading}
                onChange={set}
                onChooseMode={chooseMode}
                onRead={(read) => {
                  setDetails((d) => ({ ...d, marque: read.marque ?? '', modele: read.modele ?? '' }));
                  setReading(read);
                  setMode('manual');
                }}
                onManual={() => setMode('manual')}
                onIdentified={onIdentified}
                onScanFailure={onScanFailure}
              />
            )}

            {step === 2 && (
              <ConfirmationStep universeName={universe?.name} product={product} details={details} busy={busy} progress={progress} />
            )}

            {step === 3 && created && <DoneStep created={created} onRestart={restart} />}
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
