import { ENERGY_CLASSES, FILE_ACCEPT, type ImageReading, TEXT_MAX } from '@ecofoyer/contracts';
import { Button, Checkbox, type ComboboxData, FileInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCamera, IconPencil, IconPhoto, IconScan } from '@tabler/icons-react';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { type IdentifiedFields, useHasSlot, useSlot } from '../../../lib/slots.tsx';
import { type DetailsMode, today, type WizardValues } from '../device-details.ts';
import { searchProductOptions } from '../product-options.ts';
import { ImageSearch } from './image-search.tsx';
import { PlateReadingNotice } from './plate-reading-notice.tsx';

/** product §4/§5, wizard step « Détails ». */
export function DetailsStep({
  universeName,
  productOptions,
  form,
  mode,
  reading,
  onChooseMode,
  onRead,
  onManual,
  onIdentified,
  onScanFailure,
}: {
  universeName: string | undefined;
  productOptions: ComboboxData;
  form: UseFormReturnType<WizardValues>;
  mode: DetailsMode;
  reading: ImageReading | null;
  onChooseMode: (next: 'manual' | 'image' | 'scan') => void;
  onRead: (reading: ImageReading) => void;
  onManual: () => void;
  /** The energy label's scanner (a slot: lib/slots.tsx) gave what it found, or failed. */
  onIdentified: (fields: IdentifiedFields) => void;
  onScanFailure: (message: string) => void;
}) {
  const Scanner = useSlot('energyLabelScanner');
  const canScan = useHasSlot('energyLabelScanner');
  const details = form.values;
  const fromLabel = Boolean(details.eprel_number);
  // The wizard names a problem once, in the alert above the step (product §5), not under a field.
  const field = (path: keyof WizardValues, type?: 'checkbox') => form.getInputProps(path, { withError: false, type });
  return (
    <Stack>
      <Text c="dimmed">
        Univers : <strong>{universeName}</strong>
      </Text>
      <Select
        label="Type de produit"
        placeholder="Choisissez le type d’appareil"
        data={productOptions}
        filter={searchProductOptions}
        maxDropdownHeight={320}
        {...field('prodId')}
        searchable
        nothingFoundMessage="Aucun type ne correspond"
        withAsterisk
      />
      {mode === 'choose' && canScan && (
        <Button size="lg" variant="light" leftSection={<IconScan />} onClick={() => onChooseMode('scan')}>
          Scanner l’étiquette énergie
        </Button>
      )}
      {mode === 'scan' && <Scanner onUse={onIdentified} onFailure={onScanFailure} onManual={() => onChooseMode('manual')} />}
      {mode === 'choose' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Button size="lg" variant="outline" leftSection={<IconCamera />} onClick={() => onChooseMode('image')}>
            Rechercher par image
          </Button>
          <Button size="lg" leftSection={<IconPencil />} onClick={() => onChooseMode('manual')}>
            Saisir à la main
          </Button>
        </SimpleGrid>
      )}
      {mode === 'image' && details.prodId && <ImageSearch onRead={onRead} onManual={onManual} />}
      {mode === 'manual' && (
        <Stack gap="sm">
          {reading && <PlateReadingNotice reading={reading} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Marque"
              withAsterisk
              maxLength={TEXT_MAX}
              {...field('marque')}
              description={reading ? (reading.marque ? 'Lue sur la plaque' : 'Non lue sur la photo : à compléter') : undefined}
            />
            <TextInput
              label="Modèle"
              withAsterisk
              maxLength={TEXT_MAX}
              {...field('modele')}
              description={reading ? (reading.modele ? 'Lu sur la plaque' : 'Non lu sur la photo : à compléter') : undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Classe énergie"
              clearable
              data={[...ENERGY_CLASSES]}
              {...field('classenergie')}
              description={fromLabel && details.classenergie ? 'Lue sur l’étiquette énergie' : undefined}
            />
            <TextInput
              label="Consommation (kWh/an)"
              inputMode="decimal"
              placeholder="180"
              {...field('energy_kwh_year')}
              description={
                fromLabel && details.energy_kwh_year
                  ? 'D’après l’étiquette énergie (EPREL)'
                  : 'Sur l’étiquette énergie : elle donne son coût en électricité'
              }
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Date d’achat" type="date" max={today()} {...field('dt_achat')} />
            <TextInput
              label="Référence de la facture"
              description="Numéro ou magasin, si vous l’avez"
              maxLength={TEXT_MAX}
              {...field('facture')}
            />
          </SimpleGrid>
          <AutoTextarea label="Note" maxLength={TEXT_MAX} {...field('note')} description={`${details.note.length}/${TEXT_MAX}`} />
          <details>
            <summary>Achat et garanties (facultatif) : pour connaître vos droits</summary>
            <Stack gap="sm" mt="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Vendeur" maxLength={TEXT_MAX} {...field('vendeur')} />
                <TextInput label="Prix d’achat (€)" inputMode="decimal" placeholder="349,90" {...field('prix_achat')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Numéro de série" maxLength={TEXT_MAX} {...field('numero_serie')} />
                <TextInput label="Date de livraison" type="date" max={today()} {...field('dt_livraison')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Fin de la garantie commerciale" type="date" {...field('garantie_commerciale_fin')} />
                <Checkbox mt={{ sm: 'xl' }} label="Acheté d’occasion à un professionnel" {...field('occasion', 'checkbox')} />
              </SimpleGrid>
            </Stack>
          </details>
          <FileInput
            label="Photo de l’appareil"
            placeholder="Choisir une photo"
            accept={FILE_ACCEPT.image}
            leftSection={<IconPhoto size={18} />}
            {...field('picture')}
            clearable
          />
        </Stack>
      )}
    </Stack>
  );
}
