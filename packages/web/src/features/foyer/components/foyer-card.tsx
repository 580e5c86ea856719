import { emailError, FOYER_ROLE_LABELS, FOYER_ROLES, type Foyer, type FoyerMember, type FoyerRole, MSG } from '@ecofoyer/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  PasswordInput,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { IconAlertCircle, IconHome, IconMailForward, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { expiryFr } from '../expiry.ts';
import {
  useCancelInvitation,
  useConfirmInvitation,
  useFoyer,
  useInvite,
  useLeaveFoyer,
  useRemoveMember,
  useRenameFoyer,
  useSetRole,
  useTransferFoyer,
} from '../api/foyer.ts';

const ROLE_HELP: Record<FoyerRole, string> = {
  proprietaire: 'gère tout, membres compris',
  membre: 'consulte et modifie les appareils et l’entretien',
  lecteur: 'consulte seulement',
};
const YOUR_RIGHTS: Record<FoyerRole, string> = {
  proprietaire: 'vous gérez tout, membres compris',
  membre: 'vous consultez et modifiez les appareils et l’entretien',
  lecteur: 'vous consultez seulement',
};

/** Members in order of the server (owners first, then by arrival): the first owner other than `except`, else the first member. */
const nextHolder = (members: FoyerMember[], except: number) =>
  (members.find((m) => m.userId !== except && m.role === 'proprietaire') ?? members.find((m) => m.userId !== except))?.userId;

/**
 * « Mon foyer » in the profile (decisions 016 and 021): who shares the household and with which role, and
 * who holds it. An owner changes roles, removes members and sends, resends or cancels invitations; the
 * holder alone names owners, hands the household over (with their password) and confirms a co-owner's
 * invitation as owner; anyone leaves, the holder saying what becomes of the household's appliances.
 */
export function FoyerCard({ demo }: { demo: boolean }) {
  const session = useSession();
  const foyer = useFoyer();
  const me = foyer.data?.membres.find((m) => m.userId === session?.id);
  const owner = me?.role === 'proprietaire';
  const holder = foyer.data !== undefined && me !== undefined && foyer.data.responsable === me.userId;
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // What an action did is said above the members; the action may have been far below (a modal, the
  // hand-over at the card's end on a phone): the message is brought into view.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [done]);
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const cancel = useCancelInvitation();
  const failed = [setRole, cancel].find((m) => m.isError);

  const changeRole = (member: FoyerMember, role: FoyerRole) => {
    setDone(null);
    setRole.mutate(
      { memberId: member.userId, role },
      { onSuccess: () => setDone(`${member.prenom} est maintenant ${FOYER_ROLE_LABELS[role].toLowerCase()}.`) },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="mon-foyer">
      <Group gap="xs" mb="sm">
        <IconHome aria-hidden />
        <Title order={2} size="h4" id="mon-foyer">
          Mon foyer
        </Title>
      </Group>
      {foyer.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement du foyer">
          <Skeleton height={24} width="50%" />
          <Skeleton height={48} />
        </Stack>
      )}
      {foyer.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          <Text size="sm">Impossible de charger votre foyer.</Text>
          <Button size="xs" variant="light" mt="xs" onClick={() => void foyer.refetch()}>
            Réessayer
          </Button>
        </Alert>
      )}
      {foyer.data && me && (
        <Stack gap="md">
          {owner ? <FoyerName nom={foyer.data.nom} onDone={setDone} /> : <Text fw={700}>{foyer.data.nom}</Text>}
          <Text size="sm">
            Votre rôle : {FOYER_ROLE_LABELS[me.role].toLowerCase()} ({YOUR_RIGHTS[me.role]})
            {holder &&
              '. Vous êtes responsable du foyer : vous seul pouvez nommer des propriétaires ou confier le foyer à quelqu’un d’autre'}
            .
          </Text>
          {done && (
            <Alert ref={doneRef} color="eco" role="status">
              {done}
            </Alert>
          )}
          {failed && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorMessage(failed.error, MSG.serverError)}
            </Alert>
          )}
          <Stack gap="sm" component="ul" aria-label="Membres du foyer" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {foyer.data.membres.map((m) => {
              const isHolder = m.userId === foyer.data.responsable;
              return (
                <Group key={m.userId} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Text fw={600}>{m.prenom}</Text>
                    {m.userId === session?.id && (
                      <Badge color="eco" variant="light">
                        Vous
                      </Badge>
                    )}
                    {isHolder && (
                      <Badge color="gray" variant="light">
                        Responsable du foyer
                      </Badge>
                    )}
                  </Group>
                  {owner && !isHolder ? (
                    <Group gap="xs" wrap="nowrap">
                      <NativeSelect
                        aria-label={`Rôle de ${m.prenom}`}
                        value={m.role}
                        // Only the holder names owners (decision 021): a co-owner cannot make anyone one.
                        data={FOYER_ROLES.map((r) => ({
                          value: r,
                          label: FOYER_ROLE_LABELS[r],
                          disabled: r === 'proprietaire' && !holder && m.role !== 'proprietaire',
                        }))}
                        onChange={(e) => changeRole(m, e.currentTarget.value as FoyerRole)}
                        disabled={setRole.isPending}
                      />
                      {m.userId !== session?.id && (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`Retirer ${m.prenom} du foyer`}
                          onClick={() =>
                            setConfirm({
                              title: `Retirer ${m.prenom} du foyer ?`,
                              message: `${m.prenom} ne verra plus les appareils de « ${foyer.data.nom} » et retrouvera son propre foyer. Les tâches qui lui étaient confiées reviennent à tout le foyer ; ses liens de partage et son adresse de calendrier cessent de fonctionner.`,
                              confirmLabel: 'Retirer',
                              onConfirm: async () => {
                                await remove.mutateAsync(m.userId);
                                setDone(`${m.prenom} ne fait plus partie du foyer.`);
                              },
                            })
                          }
                        >
                          Retirer
                        </Button>
                      )}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {FOYER_ROLE_LABELS[m.role]}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
          {owner && !holder && foyer.data.responsable !== null && (
            <Text size="sm" c="dimmed">
              Le rôle de la personne responsable du foyer ne peut pas être changé : elle seule peut confier le foyer à quelqu’un d’autre.
            </Text>
          )}
          {owner && (
            <Invitations
              demo={demo}
              holder={holder}
              foyer={foyer.data}
              onDone={setDone}
              onConfirm={setConfirm}
              cancel={cancel.mutateAsync}
            />
          )}
          {holder && foyer.data.membres.length > 1 && <HandOver foyer={foyer.data} me={me.userId} onDone={setDone} />}
          {foyer.data.membres.length > 1 && <Leave foyer={foyer.data} me={me.userId} holder={holder} onConfirm={setConfirm} />}
        </Stack>
      )}
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}

/** The foyer's name, which an owner can change (the desktop header shows it). */
function FoyerName({ nom, onDone }: { nom: string; onDone: (message: string) => void }) {
  const rename = useRenameFoyer();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {nom}
        </Text>
        <ActionIcon variant="subtle" size={36} aria-label="Renommer le foyer" onClick={() => setDraft(nom)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Group>
    );
  }
  const save = () =>
    rename.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        onDone(MSG.foyerRenamed);
      },
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="xs">
        <TextInput
          label="Nom du foyer"
          description="Laissé vide, il reprend le prénom de la personne responsable du foyer."
          value={draft}
          maxLength={60}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={rename.isError ? errorMessage(rename.error, MSG.serverError) : undefined}
          data-autofocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={rename.isPending}>
            Enregistrer
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setDraft(null)}>
            Annuler
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The owner's invitations: those still open (resend, cancel; the holder confirms one a co-owner made
 * as propriétaire) and the form to send one.
 */
function Invitations({
  demo,
  holder,
  foyer,
  onDone,
  onConfirm,
  cancel,
}: {
  demo: boolean;
  holder: boolean;
  foyer: Foyer;
  onDone: (message: string) => void;
  onConfirm: (confirm: Confirm) => void;
  cancel: (id: number) => Promise<unknown>;
}) {
  const invite = useInvite();
  const approve = useConfirmInvitation();
  const outcome = useFormOutcome();
  const holderName = foyer.membres.find((m) => m.userId === foyer.responsable)?.prenom ?? 'la personne responsable';
  const form = useForm({
    mode: 'controlled',
    onValuesChange: () => outcome.clear(),
    initialValues: { email: '', role: 'membre' as FoyerRole },
    validate: { email: emailError },
  });
  /** Sends (or sends again) an invitation: what to tell, or null when refused (already said). */
  const send = async (email: string, role: FoyerRole): Promise<string | null> => {
    outcome.clear();
    try {
      const sent = await invite.mutateAsync({ email, role });
      const address = email.trim().toLowerCase();
      return sent.aConfirmer
        ? `L’invitation à ${address} partira quand ${holderName}, responsable du foyer, l’aura confirmée.`
        : `Invitation envoyée à ${address}. Le lien est valable 7 jours.`;
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
      return null;
    }
  };
  // Said beside the « Inviter » button, where the person is looking (the card's top is far on a phone).
  const submit = form.onSubmit(async ({ email, role }) => {
    const told = await send(email, role);
    if (told === null) return;
    form.reset();
    outcome.succeeded(told);
  }, outcome.invalid);
  const roleOptions = FOYER_ROLES.map((r) => ({
    value: r,
    label: `${FOYER_ROLE_LABELS[r]} — ${ROLE_HELP[r]}${r === 'proprietaire' && !holder ? ` (avec l’accord de ${holderName})` : ''}`,
  }));

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Invitations
      </Title>
      {foyer.invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune invitation en attente.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Invitations en attente" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {foyer.invitations.map((i) => (
            <Group key={i.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {FOYER_ROLE_LABELS[i.role]} ·{' '}
                  {i.aConfirmer ? `en attente de l’accord de ${holderName}` : `valable jusqu’au ${expiryFr(i.expire)}`}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                {i.aConfirmer && holder ? (
                  <Button
                    size="xs"
                    variant="light"
                    loading={approve.isPending}
                    aria-label={`Confirmer l’invitation de ${i.email} comme propriétaire`}
                    onClick={() =>
                      approve.mutate(i.id, {
                        onSuccess: () => onDone(`Invitation envoyée à ${i.email}. Le lien est valable 7 jours.`),
                        onError: (error) => outcome.failed(errorMessage(error, MSG.serverError)),
                      })
                    }
                  >
                    Confirmer l’envoi
                  </Button>
                ) : (
                  !i.aConfirmer && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconMailForward size={16} />}
                      loading={invite.isPending}
                      onClick={() => void send(i.email, i.role).then((told) => told && outcome.succeeded(told))}
                      aria-label={`Renvoyer l’invitation à ${i.email}`}
                    >
                      Renvoyer
                    </Button>
                  )
                )}
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={`Annuler l’invitation à ${i.email}`}
                  onClick={() =>
                    onConfirm({
                      title: 'Annuler cette invitation ?',
                      message: i.aConfirmer
                        ? `L’invitation de ${i.email} ne partira pas.`
                        : `Le lien envoyé à ${i.email} ne fonctionnera plus.`,
                      confirmLabel: 'Annuler l’invitation',
                      onConfirm: async () => {
                        await cancel(i.id);
                        onDone(`L’invitation à ${i.email} est annulée.`);
                      },
                    })
                  }
                >
                  Annuler
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {demo ? (
        <Alert color="blue" role="note">
          {MSG.foyerDemoInvite}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Inviter une personne">
          <Stack gap="sm">
            <TextInput label="Adresse e-mail de la personne à inviter" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <NativeSelect label="Son rôle" data={roleOptions} {...form.getInputProps('role')} />
            <Text size="xs" c="dimmed">
              Seule la personne qui ouvre le lien avec le compte de cette adresse pourra rejoindre le foyer.
            </Text>
            <FormOutcome outcome={outcome} />
            <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
              Inviter
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The holder hands the household over to another member, who becomes its holder and a propriétaire. */
function HandOver({ foyer, me, onDone }: { foyer: Foyer; me: number; onDone: (message: string) => void }) {
  const transfer = useTransferFoyer();
  const others = foyer.membres.filter((m) => m.userId !== me);
  const [opened, setOpened] = useState(false);
  const [memberId, setMemberId] = useState<number | undefined>(() => nextHolder(foyer.membres, me));
  const [password, setPassword] = useState('');
  const chosen = others.find((m) => m.userId === memberId);
  const close = () => {
    setOpened(false);
    setPassword('');
    transfer.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    transfer.mutate(
      { memberId: chosen.userId, currentPassword: password },
      {
        onSuccess: () => {
          close();
          onDone(MSG.foyerTransferred(chosen.prenom));
        },
      },
    );
  };
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }}>
        Confier le foyer à un autre membre
      </Button>
      <Modal opened={opened} onClose={close} title="Confier le foyer ?" centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <form onSubmit={submit}>
          <Stack gap="md">
            <NativeSelect
              label="À qui ?"
              value={String(memberId ?? '')}
              data={others.map((m) => ({ value: String(m.userId), label: `${m.prenom} (${FOYER_ROLE_LABELS[m.role].toLowerCase()})` }))}
              onChange={(e) => setMemberId(Number(e.currentTarget.value))}
            />
            <Text size="sm">
              {chosen?.prenom ?? 'Cette personne'} deviendra responsable du foyer et propriétaire : elle seule pourra nommer des
              propriétaires ou le confier à son tour. Vous resterez propriétaire, et elle pourra changer votre rôle.
            </Text>
            {transfer.isError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {errorMessage(transfer.error, MSG.serverError)}
              </Alert>
            )}
            <PasswordInput
              label="Votre mot de passe"
              description={MSG.foyerTransferPassword}
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" loading={transfer.isPending} disabled={password === '' || !chosen}>
                Confier le foyer
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/**
 * « Quitter ce foyer »: a member goes back to their own foyer. The holder chooses first what becomes of
 * the household's appliances — left to the others (handed to the member they choose) or taken along,
 * the others going back to their own foyers — and confirms with their password.
 */
function Leave({ foyer, me, holder, onConfirm }: { foyer: Foyer; me: number; holder: boolean; onConfirm: (confirm: Confirm) => void }) {
  const leave = useLeaveFoyer();
  const [opened, setOpened] = useState(false);
  const [donnees, setDonnees] = useState<'laisser' | 'emporter'>('laisser');
  const [successeur, setSuccesseur] = useState<number | undefined>(() => nextHolder(foyer.membres, me));
  const [password, setPassword] = useState('');
  const others = foyer.membres.filter((m) => m.userId !== me);
  const heir = others.find((m) => m.userId === successeur);
  const close = () => {
    setOpened(false);
    setPassword('');
    leave.reset();
  };
  if (!holder) {
    return (
      <Button
        variant="outline"
        color="red.9"
        style={{ alignSelf: 'flex-start' }}
        onClick={() =>
          onConfirm({
            title: 'Quitter ce foyer ?',
            message: `Vous ne verrez plus les appareils de « ${foyer.nom} », qui restent à ses autres membres. Vous retrouverez votre propre foyer, avec ce que vous y aviez gardé ; vos liens de partage et votre adresse de calendrier cesseront de fonctionner.`,
            confirmLabel: 'Quitter le foyer',
            onConfirm: () => leave.mutateAsync({ userId: me }),
          })
        }
      >
        Quitter ce foyer
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    leave.mutate(
      { userId: me, donnees, ...(donnees === 'laisser' && successeur ? { successeur } : {}), currentPassword: password },
      { onSuccess: close },
    );
  };
  return (
    <>
      <Button variant="outline" color="red.9" style={{ alignSelf: 'flex-start' }} onClick={() => setOpened(true)}>
        Quitter ce foyer
      </Button>
      <Modal opened={opened} onClose={close} title={`Quitter « ${foyer.nom} » ?`} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <form onSubmit={submit}>
          <Stack gap="md">
            <Radio.Group
              value={donnees}
              onChange={(v) => setDonnees(v as 'laisser' | 'emporter')}
              label="Que deviennent les appareils du foyer ?"
              name="donnees"
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="laisser"
                  label="Les laisser aux autres membres"
                  description="Le foyer, ses appareils, son entretien et son historique leur restent. Vous repartez d’un foyer vide."
                />
                <Radio
                  value="emporter"
                  label="Les emporter"
                  description="Vous gardez le foyer et ses appareils ; les autres membres retrouvent leur propre foyer et ne les verront plus."
                />
              </Stack>
            </Radio.Group>
            {donnees === 'laisser' && (
              <NativeSelect
                label="Qui sera responsable du foyer ?"
                value={String(successeur ?? '')}
                data={others.map((m) => ({ value: String(m.userId), label: `${m.prenom} (${FOYER_ROLE_LABELS[m.role].toLowerCase()})` }))}
                onChange={(e) => setSuccesseur(Number(e.currentTarget.value))}
              />
            )}
            <Alert color="orange" role="note">
              {donnees === 'laisser'
                ? `${heir?.prenom ?? 'Cette personne'} deviendra responsable de « ${foyer.nom} ». Vos liens de partage et votre adresse de calendrier cesseront de fonctionner.`
                : `${others.map((m) => m.prenom).join(', ')} ne verront plus ces appareils : ils retrouveront leur propre foyer.`}
            </Alert>
            {leave.isError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {errorMessage(leave.error, MSG.serverError)}
              </Alert>
            )}
            <PasswordInput
              label="Votre mot de passe"
              description={MSG.foyerTransferPassword}
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" color="red.9" loading={leave.isPending} disabled={password === ''}>
                {donnees === 'laisser' ? 'Quitter et laisser le foyer' : 'Garder les appareils et arrêter le partage'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
