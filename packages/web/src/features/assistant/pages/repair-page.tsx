import { formatBonus, repairBonusFor, TEXT_MAX } from '@ecofoyer/contracts';
import { Autocomplete, Button, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AutoTextarea } from '../../../components/auto-textarea.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { positiveInt } from '../../../lib/query-params.ts';
import { useSlot } from '../../../lib/slots.tsx';
import { useApplianceOptions } from '../../appliances/api/appliance-options.ts';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useRights } from '../../appliances/api/rights.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useRefProducts } from '../../references/api/references.ts';
import type { ChatDevice } from '../chat-machine.ts';
import { RepairChat } from '../components/repair-chat.tsx';

/** product §2, Repair: the assistant's chat about a device; without one, the manual breakdown form first. */
export function RepairPage() {
  const [params] = useSearchParams();
  const applianceId = positiveInt(params.get('appliance'));
  const prodId = positiveInt(params.get('prod'));
  const session = useSession();
  const appliance = useAppliance(applianceId);
  const rights = useRights(applianceId ?? 0, Boolean(applianceId));
  const products = useRefProducts();
  const RepairOrReplaceCard = useSlot('repairOrReplace');
  const [manual, setManual] = useState<{ device: ChatDevice; description: string } | null>(null);

  const title = <PageTitle title="Réparer avec l’assistant" />;
  if (!applianceId && !prodId) {
    return (
      <>
        {title}
        {manual ? (
          <RepairChat device={manual.device} firstname={session?.firstname ?? null} firstMessage={manual.description} />
        ) : (
          <BreakdownForm onStart={setManual} />
        )}
      </>
    );
  }
  // The rights say whether the repair bonus applies (never under a guarantee): read them first.
  if ((applianceId && (appliance.isPending || rights.isPending)) || products.isPending)
    return (
      <>
        {title}
        <Skeleton h={240} radius="lg" />
      </>
    );
  if (applianceId && appliance.isError)
    return (
      <>
        {title}
        <ErrorAlert message={appliance.error.message} onRetry={() => appliance.refetch()} />
      </>
    );
  if (products.isError)
    return (
      <>
        {title}
        <ErrorAlert message={products.error.message} onRetry={() => products.refetch()} />
      </>
    );

  const a = applianceId ? appliance.data : undefined;
  const product = products.data.find((p) => p.id === (a?.prod_id ?? prodId));
  const bonus = rights.data?.bonus.eligible === false ? null : repairBonusFor(product?.repairBonusTypes ?? []);
  const device: ChatDevice = {
    applianceId: a?.id ?? null,
    productId: product?.id ?? null,
    name: a?.name ?? product?.prodName ?? 'Mon appareil',
    productName: product?.prodName ?? a?.prod_name ?? null,
    pict: a?.pict ?? product?.pict ?? null,
    details: a ? [a.marque, a.modele].filter(Boolean).join(' ') || null : null,
    bonus: bonus ? formatBonus(bonus) : null,
  };
  return (
    <>
      {title}
      <Stack gap="md">
        {a && <RepairOrReplaceCard appliance={a} />}
        <RepairChat key={`${device.applianceId}-${device.productId}`} device={device} firstname={session?.firstname ?? null} />
      </Stack>
    </>
  );
}

/** product §2, Repair, step 0 without a product: the breakdown described by hand (500-character fields). */
function BreakdownForm({ onStart }: { onStart: (v: { device: ChatDevice; description: string }) => void }) {
  const navigate = useNavigate();
  const products = useRefProducts();
  const [search, setSearch] = useState('');
  const appliances = useApplianceOptions(search);
  const [productName, setProductName] = useState('');
  const [details, setDetails] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ productName?: string; description?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      productName: productName.trim() ? undefined : 'Indique l’appareil en panne.',
      description: description.trim() ? undefined : 'Décris la panne en quelques mots.',
    };
    setErrors(next);
    if (next.productName || next.description) return;
    const product = products.data?.find((p) => p.prodName.toLowerCase() === productName.trim().toLowerCase());
    const bonus = repairBonusFor(product?.repairBonusTypes ?? []);
    onStart({
      description: description.trim(),
      device: {
        applianceId: null,
        productId: product?.id ?? null,
        name: product?.prodName ?? productName.trim(),
        productName: product?.prodName ?? productName.trim(),
        pict: product?.pict ?? null,
        details: details.trim() || null,
        bonus: bonus ? formatBonus(bonus) : null,
      },
    });
  };

  const mine = appliances.appliances.map((a) => ({
    value: String(a.id),
    label: `${a.name}${a.prod_name && a.prod_name !== a.name ? ` (${a.prod_name})` : ''}`,
  }));
  return (
    <Stack gap="md" maw={640}>
      {appliances.any && (
        <Paper withBorder radius="lg" p="md">
          <Select
            label="Un de mes appareils"
            description="Choisis l’appareil en panne dans ton inventaire pour garder le diagnostic dans son historique."
            placeholder="Choisir un appareil"
            data={mine}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has searched already (accents, typos): every option it gave is shown.
            filter={({ options }) => options}
            nothingFoundMessage="Aucun appareil"
            onChange={(value) => {
              const a = appliances.appliances.find((x) => String(x.id) === value);
              if (a) navigate(`/repair?appliance=${a.id}${a.prod_id ? `&prod=${a.prod_id}` : ''}`);
            }}
          />
        </Paper>
      )}
      <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={700}>Décrire une panne</Text>
          <Autocomplete
            label="Appareil en panne"
            placeholder="Lave-linge, téléphone portable…"
            data={(products.data ?? []).map((p) => p.prodName)}
            value={productName}
            onChange={setProductName}
            maxLength={TEXT_MAX}
            error={errors.productName}
            required
          />
          <TextInput
            label="Marque et modèle"
            placeholder="Facultatif"
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            maxLength={TEXT_MAX}
          />
          <AutoTextarea
            label="Description de la panne"
            placeholder="Que se passe-t-il ? Depuis quand ? Un bruit, un voyant, un code d’erreur ?"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={TEXT_MAX}
            description={`${description.length}/${TEXT_MAX} caractères`}
            error={errors.description}
            required
          />
          <Button type="submit" leftSection={<IconMessageChatbot size={18} />} w="fit-content">
            Demander à l’assistant
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
