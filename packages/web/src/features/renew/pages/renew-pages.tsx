import { createSearch, formatBonus, repairBonusFor } from '@ecofoyer/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBolt, IconBuildingStore, IconCoin, IconExternalLink, IconSearch, IconShieldCheck, IconTool } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { lvaoMapUrl } from '../../../lib/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUrlText } from '../../../lib/query-params.ts';
import { useAppliancePages } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import classes from '../../../components/choice-card.module.css';
import { ChoiceCard } from '../../../components/choice-card.tsx';
import { RenewSteps } from '../components/renew-steps.tsx';
import { type RenewDevice, useRenewDevice } from '../components/use-renew-device.ts';
import { DURABILITY_CRITERIA, ENERGY_ADVICE, FUNDING, RENEW_TIPS, SECOND_HAND_SOURCES } from '../renew-content.ts';
import { RepairBonusSource } from '../../../components/repair-bonus-source.tsx';

function Page({ title, children }: { title: string; children: (device: RenewDevice) => ReactNode }) {
  const device = useRenewDevice();
  return (
    <>
      <PageTitle title={title} />
      {device.loading ? <Skeleton h={240} radius="lg" /> : <Stack gap="md">{children(device)}</Stack>}
    </>
  );
}

const forFamily = <T extends { families: string[] | 'all' }>(items: T[], family: string | null) =>
  items.filter((i) => i.families === 'all' || !family || i.families.includes(family));

/** product §2, Re-equip: the options for a device (repair, second-hand, new), or what to re-equip first. */
export function RenewOptionsPage() {
  return (
    <Page title="Se rééquiper">
      {(device) =>
        device.name ? (
          <>
            <RenewSteps device={device} current="/renew/optionselect" />
            <Text>Avant d’acheter, voyez si une solution plus économique et plus sobre existe pour « {device.name} ».</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <ChoiceCard
                to={`/repair?${new URLSearchParams({ ...(device.appliance ? { appliance: String(device.appliance.id) } : {}), ...(device.product ? { prod: String(device.product.id) } : {}) })}`}
                icon={<IconTool size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
                title="Le faire réparer"
                text="Diagnostiquez la panne avec l’assistant et trouvez un réparateur, avec le bonus réparation."
              />
              <ChoiceCard
                to={device.to('/renew/offer')}
                icon={<IconBuildingStore size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
                title="Occasion ou reconditionné"
                text="Moins cher et sans nouvelle fabrication : où acheter près de chez vous ou en ligne, avec garantie."
              />
              <ChoiceCard
                to={device.to('/renew/tip')}
                icon={<IconShieldCheck size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
                title="Neuf, mais durable"
                text="Les critères pour choisir un appareil réparable, robuste et sobre en énergie."
              />
            </SimpleGrid>
            <Button
              component={Link}
              to={device.to('/renew/fundsearch')}
              variant="light"
              leftSection={<IconCoin size={18} />}
              w="fit-content"
            >
              Voir les aides pour réparer ou s’équiper
            </Button>
          </>
        ) : (
          <>
            <Text>Que voulez-vous faire ?</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ChoiceCard
                to="/replace/appliance"
                icon={<IconTool size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
                title="Remplacer un de mes appareils"
                text="Un appareil de votre inventaire est en fin de vie."
              />
              <ChoiceCard
                to="/replace/product"
                icon={<IconSearch size={32} color="var(--mantine-color-eco-7)" aria-hidden />}
                title="M’équiper d’un nouvel appareil"
                text="Vous cherchez un type d’appareil que vous n’avez pas encore."
              />
            </SimpleGrid>
          </>
        )
      }
    </Page>
  );
}

/** /replace/appliance: which of my appliances to replace. */
export function ReplaceAppliancePage() {
  // A page at a time: a household of a thousand devices does not load them all.
  const pages = useAppliancePages();
  const list = pages.data?.pages.flat();
  return (
    <>
      <PageTitle title="Remplacer un appareil" />
      <Stack gap="sm">
        <Text>Choisissez l’appareil à remplacer : nous vous proposerons d’abord de le réparer, puis l’occasion, puis le neuf durable.</Text>
        {pages.isPending ? (
          <Skeleton h={160} radius="lg" />
        ) : pages.isError ? (
          <Text c="red.9">{pages.error.message}</Text>
        ) : !list || list.length === 0 ? (
          <Text c="dimmed">
            Votre inventaire est vide.{' '}
            <Anchor component={Link} to="/replace/product">
              Choisir un type d’appareil
            </Anchor>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {list.map((a) => (
              <Paper
                key={a.id}
                component={Link}
                to={`/renew/optionselect?appliance=${a.id}${a.prod_id ? `&prod=${a.prod_id}` : ''}`}
                withBorder
                radius="lg"
                p="sm"
                className={classes.choice}
              >
                <Group gap="sm" wrap="nowrap">
                  <Image src={a.pict ?? a.product?.pict ?? '/logo.svg'} alt="" w={48} h={48} fit="contain" radius="sm" />
                  <Stack gap={0}>
                    <Text fw={600}>{a.name}</Text>
                    <Text size="sm" c="dimmed">
                      {[a.prod_name, a.marque].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {pages.hasNextPage && (
          <Group justify="center">
            <Button variant="light" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Afficher plus d’appareils
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

/** /replace/product: which kind of product to acquire. */
export function ReplaceProductPage() {
  const products = useRefProducts();
  const [q, setQ] = useUrlText();
  const search = useMemo(() => createSearch(products.data ?? [], ['prodName']), [products.data]);
  const shown = search(q);
  return (
    <>
      <PageTitle title="Choisir un nouveau produit" />
      <Stack gap="sm">
        <TextInput
          label="Quel appareil cherchez-vous ?"
          placeholder="Réfrigérateur, ordinateur portable…"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          maw={420}
        />
        {products.isPending ? (
          <Skeleton h={160} radius="lg" />
        ) : shown.length === 0 ? (
          <Text c="dimmed">Aucun appareil ne correspond à « {q} ».</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {shown.map((p) => (
              <Paper
                key={p.id}
                component={Link}
                to={`/renew/optionselect?prod=${p.id}`}
                withBorder
                radius="lg"
                p="sm"
                className={classes.choice}
              >
                <Stack gap={4} align="center">
                  <Image src={p.pict} alt="" w={48} h={48} fit="contain" />
                  <Text size="sm" fw={600} ta="center">
                    {p.prodName}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

/** /renew/offer: second-hand and reconditioned first, then the map of places to buy second-hand. */
export function RenewOfferPage() {
  return (
    <Page title="Offres de rééquipement">
      {(device) => {
        const sources = forFamily(SECOND_HAND_SOURCES, device.family);
        const map = lvaoMapUrl(['acheter'], undefined, { direction: 'jecherche' });
        return (
          <>
            <RenewSteps device={device} current="/renew/offer" />
            <Alert color="eco" title="L’occasion d’abord">
              Un appareil d’occasion ou reconditionné acheté à un professionnel reste couvert par la garantie légale de conformité, et il
              évite la fabrication d’un appareil neuf.
            </Alert>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {sources.map((s) => (
                <Paper key={s.url} withBorder radius="lg" p="md">
                  <Stack gap={6}>
                    <Anchor href={s.url} target="_blank" rel="noopener noreferrer" fw={700}>
                      {s.name} <IconExternalLink size={14} />
                    </Anchor>
                    <Text size="sm">{s.description}</Text>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
            <Anchor href={map} target="_blank" rel="noopener noreferrer" data-testid="second-hand-map">
              Trouver où acheter d’occasion près de chez moi (carte de l’ADEME) <IconExternalLink size={14} />
            </Anchor>
            <Group gap="sm">
              <Button component={Link} to={device.to('/renew/tip')} variant="light">
                Acheter neuf : nos critères
              </Button>
              <Button component={Link} to={device.to('/renew/fundsearch')} variant="subtle">
                Les aides
              </Button>
            </Group>
          </>
        );
      }}
    </Page>
  );
}

/** /renew/tip: repairability, durability, energy class and buying tips for that kind of device. */
export function RenewTipPage() {
  return (
    <Page title="Conseils de rééquipement">
      {(device) => {
        const criteria = device.family ? DURABILITY_CRITERIA[device.family] : [];
        const energy = device.family ? ENERGY_ADVICE[device.family] : null;
        return (
          <>
            <RenewSteps device={device} current="/renew/tip" />
            {criteria.length > 0 && (
              <Paper withBorder radius="lg" p="md">
                <Title order={2} fz="lg" mb="xs">
                  Les critères à vérifier{device.familyLabel ? ` (${device.familyLabel.toLowerCase()})` : ''}
                </Title>
                <Stack gap="sm">
                  {criteria.map((c) => (
                    <div key={c.title}>
                      <Text fw={700}>{c.title}</Text>
                      <Text size="sm">{c.text}</Text>
                    </div>
                  ))}
                </Stack>
              </Paper>
            )}
            {energy && (
              <Alert
                color="yellow"
                icon={<IconBolt />}
                title="Étiquette énergie"
                styles={{ title: { color: '#713f12' }, label: { color: '#713f12' } }}
              >
                {energy}
              </Alert>
            )}
            <Paper withBorder radius="lg" p="md">
              <Title order={2} fz="lg" mb="xs">
                Nos conseils
              </Title>
              <List spacing={6}>
                {RENEW_TIPS.map((t) => (
                  <List.Item key={t.title}>
                    <strong>{t.title} : </strong>
                    {t.text}
                  </List.Item>
                ))}
              </List>
            </Paper>
            <Button component={Link} to={device.to('/renew/fundsearch')} variant="light" w="fit-content">
              Voir les aides
            </Button>
          </>
        );
      }}
    </Page>
  );
}

/** /renew/fundsearch: the repair bonus for that product, and the funding that applies to its family. */
export function RenewFundsPage() {
  return (
    <Page title="Financer mon rééquipement">
      {(device) => {
        const bonus = repairBonusFor(device.product?.repairBonusTypes ?? []);
        const funding = forFamily(FUNDING, device.family);
        return (
          <>
            <RenewSteps device={device} current="/renew/fundsearch" />
            {device.product && (
              <Alert color="eco" icon={<IconCoin />} title="Bonus réparation" data-testid="renew-bonus">
                {bonus
                  ? `Pour un appareil de ce type (${device.product.prodName}), le bonus réparation ${bonus.confirmed ? 'est de' : 'va'} ${formatBonus(bonus)} chez un réparateur labellisé.`
                  : `Ce type d’appareil (${device.product.prodName}) n’ouvre pas droit au bonus réparation.`}
                {bonus && <RepairBonusSource />}
              </Alert>
            )}
            <Stack gap="sm">
              {funding.map((f) => (
                <Paper key={f.title} withBorder radius="lg" p="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={700}>{f.title}</Text>
                    <Badge
                      variant="light"
                      style={{ flexShrink: 0 }}
                      color={f.kind === 'reparation' ? 'eco' : f.kind === 'social' ? 'grape' : 'blue'}
                    >
                      {f.kind === 'reparation' ? 'Réparer' : f.kind === 'social' ? 'Aide sociale' : 'S’équiper'}
                    </Badge>
                  </Group>
                  <Text size="sm" mt={4}>
                    {f.text}
                  </Text>
                  {f.url && (
                    <Anchor href={f.url} target="_blank" rel="noopener noreferrer" size="sm">
                      En savoir plus <IconExternalLink size={12} />
                    </Anchor>
                  )}
                </Paper>
              ))}
            </Stack>
          </>
        );
      }}
    </Page>
  );
}
