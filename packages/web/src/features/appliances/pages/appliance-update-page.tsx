import { type Appliance, ApplianceUpdateText, ENERGY_CLASSES, MSG, TEXT_MAX } from '@ecofoyer/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useUniverses } from '../../universes/api/universes.ts';
import { type ApplianceUpdate, useAppliance, useDeleteAppliance, useUpdateAppliance } from '../api/appliances.ts';

/** product §2, Appliance update: Confirmer, and Supprimer behind a confirmation that really deletes (API.md). */
export function ApplianceUpdatePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const appliance = useAppliance(Number.isInteger(id) && id > 0 ? id : null);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/home" replace />;
  if (appliance.isPending) return <Skeleton h={420} radius="lg" />;
  if (appliance.isError) {
    return (
      <>
        <PageTitle title="Modifier l’appareil" />
        <Alert color="red" icon={<IconAlertCircle />}>
          {appliance.error.message}
        </Alert>
      </>
    );
  }
  return <UpdateForm appliance={appliance.data} />;
}

interface UpdateValues {
  name: string;
  prod_id: string | null;
  univer_id: string | null;
  marque: string;
  modele: string;
  dt_achat: string;
  facture: string;
  classenergie: string | null;
  note: string;
  panne_note: string;
  vendeur: string;
  prix_achat: string;
  numero_serie: string;
  dt_livraison: string;
  occasion: boolean;
  garantie_commerciale_fin: string;
  /** kWh per year from the energy label, as typed. */
  energy_kwh_year: string;
}

/** What PUT …/text receives (product §7): empty optional fields as null. */
function toPayload(values: UpdateValues): ApplianceUpdate {
  return {
    ...values,
    prod_id: values.prod_id ? Number(values.prod_id) : null,
    univer_id: values.univer_id ? Number(values.univer_id) : null,
    dt_achat: values.dt_achat || null,
    vendeur: values.vendeur || null,
    prix_achat: values.prix_achat.trim() || null,
    numero_serie: values.numero_serie || null,
    dt_livraison: values.dt_livraison || null,
    garantie_commerciale_fin: values.garantie_commerciale_fin || null,
    energy_kwh_year: values.energy_kwh_year.trim() || null,
    classenergie: (values.classenergie as (typeof ENERGY_CLASSES)[number] | null) ?? null,
  };
}

function UpdateForm({ appliance }: { appliance: Appliance }) {
  const navigate = useNavigate();
  const update = useUpdateAppliance();
  const remove = useDeleteAppliance();
  const products = useRefProducts();
  const universes = useUniverses();
  const outcome = useFormOutcome();
  const [confirmOpened, confirmModal] = useDisclosure(false);
  const form = useForm<UpdateValues>({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about: it no longer applies.
    onValuesChange: () => outcome.clear(),
    initialValues: {
      name: appliance.name,
      prod_id: appliance.prod_id ? String(appliance.prod_id) : null,
      univer_id: appliance.univer_id ? String(appliance.univer_id) : null,
      marque: appliance.marque ?? '',
      modele: appliance.modele ?? '',
      dt_achat: appliance.dt_achat ?? '',
      facture: appliance.facture_ref ?? '',
      classenergie: appliance.classenergie,
      note: appliance.note ?? '',
      panne_note: appliance.panne_note ?? '',
      // « Mes droits »: the paperwork that decides the guarantees.
      vendeur: appliance.vendeur ?? '',
      prix_achat: appliance.prix_achat === null ? '' : String(appliance.prix_achat).replace('.', ','),
      numero_serie: appliance.numero_serie ?? '',
      dt_livraison: appliance.dt_livraison ?? '',
      occasion: appliance.occasion,
      garantie_commerciale_fin: appliance.garantie_commerciale_fin ?? '',
      energy_kwh_year: appliance.energy_kwh_year === null ? '' : String(appliance.energy_kwh_year).replace('.', ','),
    },
    // The server's schema checks the same payload: no rule differs between the two.
    validate: (values) => schemaErrors(ApplianceUpdateText, toPayload(values)),
  });
  const universeOptions = useMemo(
    () => (universes.data ?? []).filter((u) => u.univer_id > 0).map((u) => ({ value: String(u.univer_id), label: u.name })),
    [universes.data],
  );

  const submit = form.onSubmit(async (values) => {
    outcome.clear();
    try {
      const updated = await update.mutateAsync({ id: appliance.id, ...toPayload(values) });
      outcome.succeeded(MSG.applianceUpdated(updated.name));
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(appliance.id);
      confirmModal.close();
      notifications.show({ color: 'eco', message: `${appliance.name} a été supprimé de votre inventaire.` });
      navigate('/inventaire', { replace: true });
    } catch (error) {
      confirmModal.close();
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  };

  return (
    <>
      <PageTitle title="Modifier l’appareil" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Nom" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Type de produit"
                searchable
                data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.prodName }))}
                {...form.getInputProps('prod_id')}
              />
              <Select
                label="Univers"
                description="Pour déplacer l’appareil dans une autre pièce"
                data={universeOptions}
                {...form.getInputProps('univer_id')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Marque" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('marque')} />
              <TextInput label="Modèle" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('modele')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Date d’achat" type="date" max={new Date().toISOString().slice(0, 10)} {...form.getInputProps('dt_achat')} />
              <TextInput label="Référence de la facture" maxLength={TEXT_MAX} {...form.getInputProps('facture')} />
              <Select label="Classe énergie" clearable data={[...ENERGY_CLASSES]} {...form.getInputProps('classenergie')} />
            </SimpleGrid>
            <TextInput
              label="Consommation (kWh/an)"
              description="Sur l’étiquette énergie : elle donne son coût en électricité"
              inputMode="decimal"
              placeholder="180"
              maw={{ base: '100%', sm: 360 }}
              {...form.getInputProps('energy_kwh_year')}
            />
            <Fieldset legend="Achat et garanties" radius="md">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Vendeur"
                    description="Le magasin ou le site où vous l’avez acheté"
                    maxLength={TEXT_MAX}
                    {...form.getInputProps('vendeur')}
                  />
                  <TextInput label="Prix d’achat (€)" inputMode="decimal" placeholder="349,90" {...form.getInputProps('prix_achat')} />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Numéro de série"
                    description="Sur la plaque signalétique"
                    maxLength={TEXT_MAX}
                    {...form.getInputProps('numero_serie')}
                  />
                  <TextInput
                    label="Date de livraison"
                    description="Si elle diffère de l’achat : la garantie légale part de là"
                    type="date"
                    max={new Date().toISOString().slice(0, 10)}
                    {...form.getInputProps('dt_livraison')}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Fin de la garantie commerciale"
                    description="Extension de garantie du vendeur ou du fabricant, si vous en avez une"
                    type="date"
                    {...form.getInputProps('garantie_commerciale_fin')}
                  />
                  <Checkbox
                    mt={{ sm: 'xl' }}
                    label="Acheté d’occasion à un professionnel"
                    {...form.getInputProps('occasion', { type: 'checkbox' })}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>
            <AutoTextarea label="Note" maxLength={TEXT_MAX} {...form.getInputProps('note')} />
            <AutoTextarea label="Note de panne" maxLength={TEXT_MAX} {...form.getInputProps('panne_note')} />
            <FormOutcome outcome={outcome} />
            <Group justify="space-between" mt="sm">
              <Button type="submit" loading={update.isPending}>
                Confirmer
              </Button>
              <Button color="red.9" variant="outline" leftSection={<IconTrash size={18} />} onClick={confirmModal.open}>
                Supprimer
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={confirmOpened} onClose={confirmModal.close} title="Supprimer l’appareil" centered>
        <Text>{MSG.applianceDeleteConfirm(appliance.name)}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          Sa photo, sa facture, sa notice et son historique seront supprimés.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirmModal.close}>
            Annuler
          </Button>
          <Button color="red.9" onClick={confirmDelete} loading={remove.isPending}>
            Supprimer
          </Button>
        </Group>
      </Modal>
    </>
  );
}
