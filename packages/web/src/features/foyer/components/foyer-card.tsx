import { emailError, FOYER_ROLE_LABELS, FOYER_ROLES, type FoyerMember, type FoyerRole, MSG } from '@ecofoyer/contracts';
import { ActionIcon, Alert, Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconHome, IconMailForward, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { expiryFr } from '../expiry.ts';
import { useCancelInvitation, useFoyer, useInvite, useRemoveMember, useRenameFoyer, useSetRole } from '../api/foyer.ts';

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
const roleOptions = FOYER_ROLES.map((r) => ({ value: r, label: `${FOYER_ROLE_LABELS[r]} — ${ROLE_HELP[r]}` }));

/**
 * « Mon foyer » in the profile (issue 19): who shares the household and with which role; an owner
 * changes roles, removes members and sends, resends or cancels invitations; a member leaves.
 */
export function FoyerCard({ demo }: { demo: boolean }) {
  const session = useSession();
  const foyer = useFoyer();
  const me = foyer.data?.membres.find((m) => m.userId === session?.id);
  const owner = me?.role === 'proprietaire';
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const setRole = useSetRole();
  const remove = useRemoveMember(false);
  const leave = useRemoveMember(true);
  const cancel = useCancelInvitation();
  const failed = [setRole, cancel].find((m) => m.isError);

  const changeRole = (member: FoyerMember, role: FoyerRole) => {
    setDone(null);
    setRole.mutate({ memberId: member.userId, role }, { onSuccess: () => setDone(`${member.prenom} est maintenant ${FOYER_ROLE_LABELS[role].toLowerCase()}.`) });
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
            Votre rôle : {FOYER_ROLE_LABELS[me.role].toLowerCase()} ({YOUR_RIGHTS[me.role]}).
          </Text>
          {done && (
            <Alert color="eco" role="status">
              {done}
            </Alert>
          )}
          {failed && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorMessage(failed.error, MSG.serverError)}
            </Alert>
          )}
          <Stack gap="sm" component="ul" aria-label="Membres du foyer" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {foyer.data.membres.map((m) => (
              <Group key={m.userId} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text fw={600}>{m.prenom}</Text>
                  {m.userId === session?.id && (
                    <Badge color="eco" variant="light">
                      Vous
                    </Badge>
                  )}
                  {m.userId === foyer.data.id && (
                    <Badge color="gray" variant="light">
                      A créé le foyer
                    </Badge>
                  )}
                </Group>
                {owner ? (
                  <Group gap="xs" wrap="nowrap">
                    <NativeSelect
                      aria-label={`Rôle de ${m.prenom}`}
                      value={m.role}
                      data={FOYER_ROLES.map((r) => ({ value: r, label: FOYER_ROLE_LABELS[r] }))}
                      onChange={(e) => changeRole(m, e.currentTarget.value as FoyerRole)}
                      disabled={setRole.isPending}
                    />
                    {m.userId !== session?.id && m.userId !== foyer.data.id && (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`Retirer ${m.prenom} du foyer`}
                        onClick={() =>
                          setConfirm({
                            title: `Retirer ${m.prenom} du foyer ?`,
                            message: `${m.prenom} ne verra plus les appareils de « ${foyer.data.nom} » et retrouvera son propre foyer. Les tâches qui lui étaient confiées reviennent à tout le foyer.`,
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
            ))}
          </Stack>
          {owner && <Invitations demo={demo} onDone={setDone} onConfirm={setConfirm} cancel={cancel.mutateAsync} />}
          {me.userId !== foyer.data.id && (
            <Button
              variant="outline"
              color="red.9"
              onClick={() =>
                setConfirm({
                  title: 'Quitter ce foyer ?',
                  message: `Vous ne verrez plus les appareils de « ${foyer.data.nom} ». Vous retrouverez votre propre foyer, avec ce que vous y aviez gardé.`,
                  confirmLabel: 'Quitter le foyer',
                  onConfirm: () => leave.mutateAsync(me.userId),
                })
              }
            >
              Quitter ce foyer
            </Button>
          )}
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
          description="Laissé vide, il reprend le prénom de la personne qui l’a créé."
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

/** The owner's invitations: those still open (resend, cancel) and the form to send one. */
function Invitations({
  demo,
  onDone,
  onConfirm,
  cancel,
}: {
  demo: boolean;
  onDone: (message: string) => void;
  onConfirm: (confirm: Confirm) => void;
  cancel: (id: number) => Promise<unknown>;
}) {
  const foyer = useFoyer();
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    onValuesChange: () => setFailure(null),
    initialValues: { email: '', role: 'membre' as FoyerRole },
    validate: { email: emailError },
  });
  const send = async (email: string, role: FoyerRole) => {
    setFailure(null);
    try {
      await invite.mutateAsync({ email, role });
      onDone(`Invitation envoyée à ${email.trim().toLowerCase()}. Le lien est valable 7 jours.`);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, MSG.serverError));
      return false;
    }
  };
  const submit = form.onSubmit(async ({ email, role }) => {
    if (await send(email, role)) form.reset();
  });
  const open = foyer.data?.invitations ?? [];

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Invitations
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune invitation en attente.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Invitations en attente" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {open.map((i) => (
            <Group key={i.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {FOYER_ROLE_LABELS[i.role]} · valable jusqu’au {expiryFr(i.expire)}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" leftSection={<IconMailForward size={16} />} loading={invite.isPending} onClick={() => void send(i.email, i.role)} aria-label={`Renvoyer l’invitation à ${i.email}`}>
                  Renvoyer
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={`Annuler l’invitation à ${i.email}`}
                  onClick={() =>
                    onConfirm({
                      title: 'Annuler cette invitation ?',
                      message: `Le lien envoyé à ${i.email} ne fonctionnera plus.`,
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
            {failure && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput label="Adresse e-mail de la personne à inviter" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <NativeSelect label="Son rôle" data={roleOptions} {...form.getInputProps('role')} />
            <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
              Inviter
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
