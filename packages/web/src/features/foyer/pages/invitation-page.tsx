import { FOYER_ROLE_LABELS, MSG } from '@ecofoyer/contracts';
import { Alert, Button, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplianceCount } from '../../appliances/api/appliances.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useAcceptInvitation, useFoyer, useInvitationPreview } from '../api/foyer.ts';
import { expiryFr } from '../expiry.ts';
import { pendingInvitation } from '../pending-invitation.ts';

/**
 * `/invitation?token=…`: the page an invitation's mail opens. Signed out, it says who
 * invites and keeps the link until the person has signed in or created their account; signed in,
 * the person joins, bringing their own appliances or keeping them apart.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const preview = useInvitationPreview(token);

  useEffect(() => {
    if (token && !session) pendingInvitation.keep(token);
  }, [token, session]);

  if (!token) {
    return (
      <AuthLayout title="Invitation">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          Ce lien d’invitation est incomplet. Ouvrez de nouveau le lien reçu par e-mail, en entier.
        </Alert>
      </AuthLayout>
    );
  }
  if (preview.isPending) {
    return (
      <AuthLayout title="Invitation">
        <Stack gap="xs" aria-busy="true" aria-label="Chargement de l’invitation">
          <Skeleton height={20} />
          <Skeleton height={20} width="70%" />
        </Stack>
      </AuthLayout>
    );
  }
  if (preview.isError) {
    return (
      <AuthLayout title="Invitation">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {errorMessage(preview.error, MSG.foyerInvitationInvalid)}
        </Alert>
        <Button component={Link} to={session ? '/home' : '/login'} onClick={() => pendingInvitation.clear()} fullWidth>
          {session ? 'Aller à l’accueil' : 'Se connecter'}
        </Button>
      </AuthLayout>
    );
  }
  const { nom, invitePar, role, expire, pour, email } = preview.data;
  const intro = (
    <Text>
      {invitePar} vous invite à rejoindre le foyer <strong>« {nom} »</strong> avec le rôle{' '}
      <strong>{FOYER_ROLE_LABELS[role].toLowerCase()}</strong>. Vous y verrez ses appareils et leur entretien
      {role === 'lecteur' ? ', sans pouvoir les modifier' : ', et pourrez planifier et noter les entretiens'}. Invitation valable jusqu’au{' '}
      {expiryFr(expire)}, pour le compte de l’adresse <strong>{pour}</strong>.
    </Text>
  );
  return (
    <AuthLayout title="Invitation à un foyer">
      {session ? <Join token={token} nom={nom} pour={pour} email={email} intro={intro} /> : <SignedOut intro={intro} />}
    </AuthLayout>
  );
}

function SignedOut({ intro }: { intro: ReactNode }) {
  return (
    <Stack gap="md">
      {intro}
      <Text size="sm" c="dimmed">
        Connectez-vous pour accepter. Pas encore de compte ? Créez-le, puis connectez-vous : vous reviendrez ici.
      </Text>
      <Button component={Link} to="/login" fullWidth>
        Se connecter pour accepter
      </Button>
      <Button component={Link} to="/register" variant="outline" fullWidth>
        Créer mon compte
      </Button>
    </Stack>
  );
}

function Join({ token, nom, pour, email, intro }: { token: string; nom: string; pour: string; email: string; intro: ReactNode }) {
  const session = useSession();
  const current = useFoyer();
  const count = useApplianceCount();
  const accept = useAcceptInvitation();
  const [choice, setChoice] = useState<'apart' | 'fusion'>('apart');
  // What the welcome says, fixed when joining: the counts change with the foyer joined.
  const [outcome, setOutcome] = useState<'apart' | 'fusion' | 'nothing'>('apart');
  const holds = current.data !== undefined && current.data.responsable === session?.id;
  // Only a foyer one holds and shares with nobody can be brought along (the server refuses otherwise).
  const alone = holds && current.data?.membres.length === 1;
  // A new account, or one that never added a device, has nothing to bring: not asked about it.
  const nothingToBring = alone && count.data !== undefined && count.data.meta.totalAppliances + count.data.meta.secondLife === 0;
  const asks = alone && count.data !== undefined && !nothingToBring;
  // Whoever holds a foyer shared with others leaves it first, saying what becomes of it (decision 021).
  const sharedHolder = holds && (current.data?.membres.length ?? 0) > 1;
  // The invitation opens only for its address: said before the person tries (the server decides).
  const otherAccount = session !== null && session.email.trim().toLowerCase() !== email.trim().toLowerCase();
  const loading = current.isPending || (alone && count.isPending);

  if (accept.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="eco" icon={<IconCircleCheck />} title={`Bienvenue dans « ${nom} » !`} role="status">
          {outcome === 'fusion'
            ? 'Vos appareils font maintenant partie de ce foyer.'
            : outcome === 'nothing'
              ? 'Vous voyez maintenant ses appareils et leur entretien.'
              : 'Vos propres appareils restent à part : vous les retrouverez si vous quittez ce foyer.'}
        </Alert>
        <Button component={Link} to="/inventaire/univers" fullWidth>
          Voir les appareils du foyer
        </Button>
      </Stack>
    );
  }

  const join = () => {
    const fusion = asks && choice === 'fusion';
    setOutcome(nothingToBring ? 'nothing' : fusion ? 'fusion' : 'apart');
    accept.mutate({ token, fusion }, { onSuccess: () => pendingInvitation.clear() });
  };

  return (
    <Stack gap="md">
      {intro}
      {loading && <Skeleton height={60} aria-label="Chargement de votre foyer actuel" />}
      {otherAccount && (
        <Alert color="orange" icon={<IconAlertCircle />} role="note">
          Vous êtes connecté avec l’adresse {session?.email} : cette invitation est destinée à {pour}. Connectez-vous avec le compte de
          cette adresse, ou demandez une invitation à la vôtre.
        </Alert>
      )}
      {sharedHolder && (
        <Alert color="orange" icon={<IconAlertCircle />} role="note">
          {MSG.foyerHolderJoinOther} <Link to="/profile#foyer">Ouvrir mon profil</Link>
        </Alert>
      )}
      {current.data && !alone && !sharedHolder && (
        <Text size="sm">Vous quitterez « {current.data.nom} » : ses appareils restent à ses autres membres.</Text>
      )}
      {asks && (
        <Radio.Group value={choice} onChange={(v) => setChoice(v as 'apart' | 'fusion')} label="Et vos propres appareils ?" name="fusion">
          <Stack gap="xs" mt="xs">
            <Radio value="apart" label="Les garder à part" description="Vous les retrouverez si vous quittez ce foyer." />
            <Radio
              value="fusion"
              label="Les apporter dans ce foyer"
              description="Ils deviennent ceux du foyer, avec leur entretien et leur historique."
            />
          </Stack>
        </Radio.Group>
      )}
      {accept.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {errorMessage(accept.error, MSG.serverError)}
        </Alert>
      )}
      <Button onClick={join} loading={accept.isPending} disabled={loading || sharedHolder} fullWidth>
        Rejoindre le foyer
      </Button>
      <Button component={Link} to="/home" variant="subtle" onClick={() => pendingInvitation.clear()} fullWidth>
        Pas maintenant
      </Button>
    </Stack>
  );
}
