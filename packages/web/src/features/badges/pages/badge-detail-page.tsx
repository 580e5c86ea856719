import { longDateFr, MSG } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, CopyButton, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandWhatsapp,
  IconBrandX,
  IconGift,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { shareLinks } from '../../../lib/external-links.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useBadge } from '../api/badges.ts';

/** product §2, Badge detail: image, name, description, date, bonus or thanks, five share targets. */
export function BadgeDetailPage() {
  const id = Number(useParams().badgeId);
  const valid = Number.isInteger(id) && id > 0;
  const badge = useBadge(valid ? id : null);
  // « /badges/abc » names no badge: said at once, not an endless skeleton.
  if (valid && badge.isPending) return <Skeleton h={360} radius="lg" />;
  if (!valid || badge.isError || !badge.data) {
    return (
      <>
        <PageTitle title="Mon badge" />
        <Alert color="red" icon={<IconAlertCircle />}>
          {(valid && badge.error?.message) || MSG.badgeUnknown}
        </Alert>
      </>
    );
  }
  const b = badge.data;
  const publicUrl = `${window.location.origin}/public/badges/${b.publicUuid}`;
  const text = `J’ai obtenu le badge « ${b.refbadge.name} » sur EcoFoyer !`;
  const links = shareLinks(publicUrl, text);
  const share = [
    { name: 'Facebook', href: links.facebook, icon: IconBrandFacebook },
    { name: 'LinkedIn', href: links.linkedin, icon: IconBrandLinkedin },
    { name: 'WhatsApp', href: links.whatsapp, icon: IconBrandWhatsapp },
    { name: 'X', href: links.x, icon: IconBrandX },
  ];
  return (
    <>
      <PageTitle title={b.refbadge.name} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack align="center" ta="center" gap="md">
          <Image src={b.refbadge.pict} alt={`Badge ${b.refbadge.name}`} w={160} h={160} />
          <Text size="lg">{b.refbadge.description}</Text>
          <Text c="dimmed">Obtenu le {longDateFr(b.dt_obtention)}</Text>
          {b.bonus ? (
            <Alert color="warm.8" variant="light" icon={<IconGift />} title="Bonus débloqué" w="100%" ta="left">
              <Text>{b.bonus.description}</Text>
              {b.bonus.link && (
                <Button component="a" href={b.bonus.link} target="_blank" rel="noopener noreferrer" mt="sm" color="warm.8">
                  Profiter du bonus
                </Button>
              )}
            </Alert>
          ) : (
            <Text>Merci de faire durer vos appareils : chaque geste compte pour la planète !</Text>
          )}
          <Title order={2} fz="lg" mt="md">
            Partager mon badge
          </Title>
          <Group justify="center" gap="sm" aria-label="Partager sur les réseaux sociaux" role="group">
            {share.map((s) => (
              <Button
                key={s.name}
                component="a"
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<s.icon size={18} />}
              >
                {s.name}
              </Button>
            ))}
            <CopyButton value={publicUrl}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconBrandInstagram size={18} />} onClick={copy} aria-describedby="instagram-note">
                  {copied ? 'Lien copié' : 'Instagram'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed" id="instagram-note">
            Instagram ne permet pas de partager un lien : le bouton copie l’adresse de votre badge pour votre story ou votre bio.{' '}
            <Anchor href={publicUrl} target="_blank" rel="noopener noreferrer" underline="always">
              Voir la page publique
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
