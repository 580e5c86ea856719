import { Anchor, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lvaoMapUrl } from '../../../app/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';

/** spec §2/§9 Map: the public « Longue vie aux objets » map, 600 px high, France, actions by type. */
export function CarbonMapPage() {
  const url = lvaoMapUrl();
  return (
    <>
      <PageTitle title="Carte de l’économie circulaire" hasIframe />
      <Stack gap="sm">
        <Text>
          Réparer, donner, échanger, prêter ou revendre : trouvez les acteurs près de chez vous sur la carte publique de l’ADEME
          « Que faire de mes objets ».
        </Text>
        <iframe
          src={url}
          title="Carte « Que faire de mes objets » de l’ADEME"
          height={600}
          width="100%"
          style={{ border: 0, borderRadius: 'var(--mantine-radius-lg)', background: 'var(--mantine-color-white)' }}
          allow="geolocation; clipboard-write"
          loading="lazy"
          data-testid="lvao-map"
        />
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          Ouvrir la carte dans un nouvel onglet <IconExternalLink size={14} />
        </Anchor>
      </Stack>
    </>
  );
}
