import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ExternalFrame } from '../../../components/external-frame.tsx';
import { FRANCE_BOUNDING_BOX, lvaoMapUrl } from '../../../lib/external-links.ts';
import type { CircularMapProps } from '../../../lib/slots.tsx';
import { useSession } from '../../auth/api/use-session.ts';
import { useAddressBox } from '../api/geocode.ts';

const ACTION_LABELS: Record<string, string> = {
  reparer: 'réparer',
  donner: 'donner',
  revendre: 'vendre',
  trier: 'déposer',
  rapporter: 'rapporter',
  echanger: 'échanger',
  preter: 'prêter',
};

/**
 * The public « Que faire de mes objets » map (ADEME), filtered on some actions and, unless
 * `france`, centred on the profile address when there is one (product §9, map: 600 px high).
 */
export function CircularMap({ actions = ['reparer'], bonusOnly = false, france = false, title, intro }: CircularMapProps) {
  const session = useSession();
  const address = france ? null : (session?.adresse ?? null);
  const place = useAddressBox(address);
  // Offline, the address search waits (paused) for the network: the map's own message says why, not a loader forever.
  if (address && place.isPending && place.fetchStatus === 'fetching') return <Loader aria-label="Chargement de la carte" />;
  const url = lvaoMapUrl(actions, place.data?.box ?? FRANCE_BOUNDING_BOX, bonusOnly ? { bonus: '1' } : {});
  return (
    <Stack gap="xs">
      {intro && <Text>{intro}</Text>}
      <Text size="sm" c="dimmed">
        {france ? (
          <>Carte de toute la France.</>
        ) : place.data ? (
          <>Carte centrée sur votre adresse : {place.data.label}.</>
        ) : (
          <>
            Carte de toute la France.{' '}
            <Anchor component={Link} to="/profile" underline="always">
              {address ? 'Vérifiez l’adresse de votre profil' : 'Ajoutez votre adresse dans votre profil'}
            </Anchor>{' '}
            pour la centrer près de chez vous.
          </>
        )}{' '}
        Actions : {actions.map((a) => ACTION_LABELS[a] ?? a).join(', ')}
        {bonusOnly ? ' (réparateurs proposant le bonus réparation)' : ''}.
      </Text>
      <ExternalFrame
        src={url}
        title={title}
        height={600}
        what="la carte"
        site={'le site de l’ADEME «\u00a0Que faire de mes objets\u00a0»'}
        linkLabel="Ouvrir la carte dans un nouvel onglet"
        testId="lvao-map"
        allow="geolocation; clipboard-write"
        style={{ borderRadius: 'var(--mantine-radius-lg)', background: 'var(--mantine-color-white)' }}
      />
    </Stack>
  );
}
