import { type Appliance, type ImageReading, MSG, type Universe } from '@ecofoyer/contracts';
import { Alert, Button, Group, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
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
import { type DetailsMode, detailsErrors, EMPTY_DETAILS, firstError, toCreateData, type WizardValues } from '../device-details.ts';
import { productOptions as optionsFor, roomOf } from '../product-options.ts';
import classes from './new-device-page.module.css';

const STEPS = ['Univer', 'Détails', 'Confirmation', 'Terminé'] as const;

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
  const [mode, setMode] = useState<DetailsMode>('choose');
  // The step's refusal, said above « Suivant » (the step's top is far on a phone) and given the focus.
  const outcome = useFormOutcome();
  const form = useForm<WizardValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_DETAILS, prodId: params.get('prod'), universe: null },
    // « Veuillez remplir les champs obligatoires ! » goes once a field is changed: it may no longer hold.
    onValuesChange: () => outcome.clear(),
    // Only « Détails » has fields to check: « Univer » cannot go on without a choice.
    validate: detailsErrors,
  });
  const details = form.values;
  const [progress, setProgress] = useState(0);
  const [created, setCreated] = useState<Appliance | null>(null);
  // What the photo of the rating plate gave, shown above the form for the user to check before saving.
  const [reading, setReading] = useState<ImageReading | null>(null);
  // What the energy label or the barcode gave, or why it gave nothing.
  const [labelNotice, setLabelNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const saveUniverse = useSaveUniverse();
  const createAppliance = useCreateAppliance(setProgress);

  // A universe passed in is the choice until another is made; one the household does not have starts at step 0.
  const universe = details.universe ?? universes.data?.find((u) => u.univer_id === passedUniverse) ?? null;
  useEffect(() => {
    if (passedUniverse && !universe && universes.data) setStep(0);
  }, [passedUniverse, universe, universes.data]);
  const setUniverse = (chosen: Universe) => form.setFieldValue('universe', chosen);

  const productOptions = useMemo(
    () => optionsFor(products.data ?? [], roomOf(universe, rooms.data ?? [])),
    [products.data, universe, rooms.data],
  );
  const product = products.data?.find((p) => String(p.id) === details.prodId) ?? null;
  const go = (next: number) => {
    outcome.clear();
    setStep(next);
  };
  const back = () => {
    // product §4: back at step 0 leaves the page.
    if (step === 0) navigate(-1);
    else if (step === 1 && mode !== 'choose') setMode('choose');
    else go(step - 1);
  };

  // product §5: a product type before "Rechercher par image" or "Saisir à la main"; the energy label's
  // product group suggests one.
  const chooseMode = (next: 'manual' | 'image' | 'scan') => {
    if (next !== 'scan') {
      const { hasError, error } = form.validateField('prodId');
      if (hasError) return outcome.failed(String(error));
    }
    outcome.clear();
    setReading(null);
    setLabelNotice(null);
    setMode(next);
  };
  // What the energy label gave fills the form, checked before « Suivant »; nothing is saved yet.
  const onIdentified = (fields: IdentifiedFields) => {
    const suggested = fields.productSlug ? products.data?.find((p) => p.slug === fields.productSlug) : undefined;
    form.setValues((d) => ({
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
        ? `Informations de l’étiquette énergie (EPREL n° ${fields.eprel_number}) : vérifiez-les, puis « Suivant ».`
        : `Informations du code-barres ${fields.ean ?? ''} : vérifiez-les et complétez le modèle, puis « Suivant ».`,
    });
    setMode('manual');
  };
  const onScanFailure = (message: string) => {
    setLabelNotice({ ok: false, text: message });
    setMode('manual');
  };
  // product §5: manual add requires brand and model.
  const toConfirmation = () => {
    const { hasErrors, errors } = form.validate();
    if (hasErrors) return outcome.failed(firstError(errors));
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
    outcome.clear();
    try {
      const universeId = await ensureUniverse();
      const appliance = await createAppliance.mutateAsync({
        universeId,
        data: toCreateData(details),
        picture: details.picture,
        productName: product?.prodName ?? null,
      });
      setCreated(appliance);
      go(3);
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  };

  const restart = () => {
    form.setValues(EMPTY_DETAILS);
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
          classNames={{ step: classes.step, stepBody: classes.stepBody, stepLabel: classes.stepLabel, separator: classes.separator }}
        >
          {STEPS.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
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
                form={form}
                mode={mode}
                reading={reading}
                onChooseMode={chooseMode}
                onRead={(read) => {
                  form.setValues({ marque: read.marque ?? '', modele: read.modele ?? '' });
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

        <FormOutcome outcome={outcome} />
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
