import { createSearch, MSG, PRODUCT_LIST_SHOWN } from '@ecofoyer/contracts';
import { Button, Group, Image, Paper, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProductListFlag } from '../../../lib/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useApplianceSearch, useAppliancePages } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import classes from '../../../components/tile-list.module.css';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Skeletons } from '../../../components/skeletons.tsx';
import { useUrlText } from '../../../lib/query-params.ts';

/** product §2, Product chooser: the title by flag. */
const TITLES: Record<ProductListFlag, string> = {
  tomaintenance: 'Choisir le produit à entretenir',
  toadd: 'Choisir le produit à ajouter',
  tosecond: 'Choisir le produit pour lui donner une seconde vie',
  torepair: 'Choisir le produit à réparer',
};

/** product §2: add → /inventaire/nouveau_2, second life → /secondlife/actionselect, repair → /repair, otherwise /entretien/fiche. */
export function chosenProductPath(flag: ProductListFlag, choice: { prod?: number | null; appliance?: number }): string {
  const query = new URLSearchParams();
  if (choice.prod) query.set('prod', String(choice.prod));
  if (choice.appliance) query.set('appliance', String(choice.appliance));
  const target = {
    toadd: '/inventaire/nouveau_2',
    tosecond: '/secondlife/actionselect',
    torepair: '/repair',
    tomaintenance: '/entretien/fiche',
  }[flag];
  return `${target}?${query}`;
}

interface Item {
  key: string;
  label: string;
  detail?: string;
  pict: string;
  to: string;
}

export function ProductListPage() {
  const [params] = useSearchParams();
  const raw = params.get('flag');
  const flag: ProductListFlag = raw && raw in TITLES ? (raw as ProductListFlag) : 'tomaintenance';
  const [source, setSource] = useState<'generic' | 'saved'>('generic');
  const [query, setQuery] = useUrlText();
  const [expanded, setExpanded] = useState(false);
  const products = useRefProducts();
  // The household's appliances only when asked, a page at a time, and searched by the server: a large household never loads them all.
  const saved = source === 'saved';
  const pages = useAppliancePages(saved);
  const [typed] = useDebouncedValue(query, 250);
  const found = useApplianceSearch(saved ? typed : '');
  // The list shown follows the text the server was asked with (a quarter of a second behind the keys).
  const searching = saved && typed.trim() !== '';
  const appliances = searching ? found : pages;
  const appliancesData = searching ? found.data : pages.data?.pages.flat();
  const current = source === 'generic' ? products : appliances;

  const items: Item[] = useMemo(() => {
    if (source === 'generic') {
      return (products.data ?? []).map((p) => ({
        key: `p${p.id}`,
        label: p.prodName,
        pict: p.pict,
        to: chosenProductPath(flag, { prod: p.id }),
      }));
    }
    return (appliancesData ?? []).map((a) => ({
      key: `a${a.id}`,
      label: a.name,
      detail: [a.prod_name, a.marque, a.modele].filter(Boolean).join(' · '),
      pict: a.pict ?? a.product?.pict ?? '/logo.svg',
      to: chosenProductPath(flag, { prod: a.prod_id, appliance: a.id }),
    }));
  }, [source, products.data, appliancesData, flag]);

  // Types are searched here; the household's appliances already come searched from the server.
  const search = useMemo(() => createSearch(items, ['label', 'detail']), [items]);
  const matches = saved ? items : search(query);
  // product §2: 5 items until "Voir plus"; a typed search shows all matches.
  const shown = query.trim() || expanded ? matches : matches.slice(0, PRODUCT_LIST_SHOWN);

  return (
    <>
      <PageTitle title={TITLES[flag]} />
      <Stack gap="md" maw={720}>
        <SegmentedControl
          fullWidth
          value={source}
          onChange={(v) => setSource(v as 'generic' | 'saved')}
          data={[
            { value: 'generic', label: MSG.genericProducts },
            { value: 'saved', label: MSG.savedProducts },
          ]}
          aria-label="Type de produits"
        />
        <TextInput
          leftSection={<IconSearch size={18} />}
          placeholder={MSG.productSearchPlaceholder}
          aria-label="Rechercher un produit"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {current.isPending && <Skeletons count={5} h={64} />}
        {current.isError && <ErrorAlert message={current.error.message} onRetry={() => current.refetch()} />}
        {current.isSuccess && items.length === 0 && saved && !query.trim() && (
          <Paper withBorder radius="lg" p="lg">
            <Text>Vous n’avez pas encore d’appareil enregistré.</Text>
            <Button component={Link} to="/new-device" mt="sm" variant="light">
              Ajouter un appareil
            </Button>
          </Paper>
        )}
        {current.isSuccess && query.trim() !== '' && matches.length === 0 && (saved || items.length > 0) && (
          <Text c="dimmed">Aucun produit ne correspond à « {query} ».</Text>
        )}
        <Stack gap="xs" component="ul" className={classes.list} aria-label="Produits">
          {shown.map((item) => (
            <li key={item.key}>
              <UnstyledButton component={Link} to={item.to} className={classes.item}>
                <Image src={item.pict} alt="" w={48} h={48} fit="contain" />
                <div className={classes.text}>
                  <Text fw={600}>{item.label}</Text>
                  {item.detail && (
                    <Text size="sm" c="dimmed">
                      {item.detail}
                    </Text>
                  )}
                </div>
                <IconChevronRight size={20} aria-hidden />
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        {!query.trim() && matches.length > PRODUCT_LIST_SHOWN && (
          <Group justify="center">
            <Button variant="subtle" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
              {expanded ? MSG.showLess : MSG.showMore}
            </Button>
          </Group>
        )}
        {saved && expanded && !query.trim() && pages.hasNextPage && (
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
