import { emailError, firstnameError, lastnameError, MSG, passwordError, TEXT_MAX } from '@ecofoyer/contracts';
import { ActionIcon, Alert, Avatar, Button, Group, Paper, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconDatabase, IconHome, IconLogout, IconMail, IconPencil, IconShieldLock, IconUser } from '@tabler/icons-react';
import { type ReactElement, cloneElement, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmLogout } from '../components/confirm-logout.tsx';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { OfflineSettingsCard } from '../../../components/offline-settings-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Session } from '../../../lib/session.ts';
import { useSlot } from '../../../lib/slots.tsx';
import { useSession } from '../api/use-session.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AccountData } from '../components/account-data.tsx';
import { ConnectedDevices } from '../components/connected-devices.tsx';
import { FoyerCard } from '../../foyer/components/foyer-card.tsx';
import { CalendarFeed } from '../../events/components/calendar-feed.tsx';
import { type Confirm, ConfirmModal } from '../../events/components/confirm-modal.tsx';
import { TwoFactorSettings } from '../components/two-factor-settings.tsx';
import { PasswordChecklist } from '../components/password-checklist.tsx';

type Field = 'firstname' | 'lastname' | 'email' | 'password' | 'adresse' | 'telephone';

const LABELS: Record<Field, string> = {
  firstname: 'Prénom',
  lastname: 'Nom',
  email: 'Email',
  password: 'Mot de passe',
  adresse: 'Adresse',
  telephone: 'Téléphone',
};

/**
 * The profile's sections, one tab each: a phone shows one at a time instead of a dozen cards in a
 * row. Each has its address (`/profile#securite`), so a link or a mail opens it directly; the
 * reminder mails' `/profile#notifications` among them.
 */
const SECTIONS = [
  { value: 'compte', label: 'Compte', Icon: IconUser },
  { value: 'securite', label: 'Sécurité', Icon: IconShieldLock },
  { value: 'foyer', label: 'Foyer', Icon: IconHome },
  { value: 'notifications', label: 'Notifications', Icon: IconBell },
  { value: 'donnees', label: 'Mes données', Icon: IconDatabase },
] as const;
type Section = (typeof SECTIONS)[number]['value'];

const sectionOf = (hash: string): Section => SECTIONS.find((s) => `#${s.value}` === hash)?.value ?? 'compte';

/** product §2, Profile: each field is unlocked by its edit icon; Sauvegarder; Déconnecter with confirmation. */
export function ProfilePage() {
  const session = useSession();
  // The guard only mounts this page for a signed-in user.
  return session ? <ProfileSections session={session} /> : null;
}

function ProfileSections({ session }: { session: Session }) {
  const InventoryCsv = useSlot('inventoryCsv');
  const LabelsCard = useSlot('labelsCard');
  const InventoryDossier = useSlot('inventoryDossier');
  const NotificationPreferences = useSlot('notificationPreferences');
  const location = useLocation();
  const navigate = useNavigate();
  const demo = session.email.endsWith('@demo.invalid');
  // The address follows the tab without adding a step to go back through.
  const open = (value: string | null) =>
    value && navigate({ pathname: location.pathname, search: location.search, hash: `#${value}` }, { replace: true });

  return (
    <>
      <PageTitle title="Mon profil" />
      {/* Kept mounted (React's Activity): a field being edited or a setup under way survives a look at another
          section, and a section asks the server for its data only once opened. */}
      <Tabs
        value={sectionOf(location.hash)}
        onChange={open}
        variant="pills"
        keepMounted
        // Outlined, the tabs read as a menu even where a phone wraps them on two lines.
        styles={{ tab: { border: '1px solid var(--mantine-color-gray-3)' } }}
      >
        <Tabs.List aria-label="Sections du profil">
          {SECTIONS.map(({ value, label, Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={18} aria-hidden />} mih={44}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="compte">
          <ProfileForm session={session} />
        </Tabs.Panel>
        <Tabs.Panel value="securite">
          <TwoFactorSettings demo={demo} />
          <ConnectedDevices />
        </Tabs.Panel>
        <Tabs.Panel value="foyer">
          <FoyerCard demo={demo} />
          <LabelsCard />
          <InventoryDossier />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationPreferences />
          <MyCalendarAddress />
        </Tabs.Panel>
        <Tabs.Panel value="donnees">
          <InventoryCsv />
          <OfflineSettingsCard />
          <AccountData demo={demo} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function ProfileForm({ session }: { session: Session }) {
  const update = useUpdateUser();
  const [unlocked, setUnlocked] = useState<Set<Field>>(new Set());
  const [emailPending, setEmailPending] = useState<string | null>(null);
  const outcome = useFormOutcome();
  const [logoutOpened, logoutModal] = useDisclosure(false);
  const form = useForm({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about: it no longer applies.
    onValuesChange: () => outcome.clear(),
    initialValues: {
      firstname: session.firstname,
      lastname: session.lastname,
      email: session.email,
      password: '',
      currentPassword: '',
      adresse: session.adresse ?? '',
      telephone: session.telephone ?? '',
    },
    validate: {
      firstname: firstnameError,
      lastname: lastnameError,
      email: emailError,
      password: (v) => (v ? passwordError(v) : null),
      currentPassword: (v, values) => (changesCredentials(values) && !v ? MSG.currentPasswordRequired : null),
      adresse: (v) => (v.length > TEXT_MAX ? MSG.textTooLong(TEXT_MAX) : null),
      telephone: (v) => (v && !/^[+\d][\d .-]{5,24}$/.test(v.trim()) ? 'Veuillez entrer un numéro de téléphone valide.' : null),
    },
  });

  // A new e-mail or password needs the current password, not just an open session.
  const changesCredentials = (values: { email: string; password: string }) =>
    values.email.trim().toLowerCase() !== session.email.toLowerCase() || values.password !== '';

  const unlock = (field: Field) => {
    outcome.clear();
    setUnlocked((prev) => new Set(prev).add(field));
    window.setTimeout(() => document.getElementById(`profile-${field}`)?.focus(), 0);
  };

  const submit = form.onSubmit(async (values) => {
    outcome.clear();
    try {
      const { currentPassword, ...rest } = values;
      const updated = await update.mutateAsync({
        ...rest,
        password: values.password || undefined,
        currentPassword: changesCredentials(values) ? currentPassword : undefined,
      });
      // A new address waits for its link: the field shows the address in use meanwhile.
      setEmailPending(updated.emailPending ?? null);
      if (updated.emailPending) form.setFieldValue('email', updated.email);
      form.setFieldValue('password', '');
      form.setFieldValue('currentPassword', '');
      form.resetDirty();
      setUnlocked(new Set());
      outcome.succeeded(MSG.profileSaved);
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);

  const field = (name: Field, input: ReactElement<Record<string, unknown>>) => (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {cloneElement(input, {
        id: `profile-${name}`,
        label: LABELS[name],
        readOnly: !unlocked.has(name),
        variant: unlocked.has(name) ? 'default' : 'filled',
        style: { flex: 1 },
        ...form.getInputProps(name),
      })}
      <ActionIcon
        size={42}
        variant={unlocked.has(name) ? 'filled' : 'light'}
        onClick={() => unlock(name)}
        aria-label={`Modifier : ${LABELS[name].toLowerCase()}`}
        aria-pressed={unlocked.has(name)}
        mb={form.errors[name] ? 22 : 0}
      >
        <IconPencil size={20} />
      </ActionIcon>
    </Group>
  );

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg">
        <Group mb="lg" wrap="nowrap">
          <Avatar color="eco" radius="xl" size="lg">
            {session.firstname.charAt(0).toUpperCase()}
            {session.lastname.charAt(0).toUpperCase()}
          </Avatar>
          <div>
            <Text fw={700}>
              {session.firstname} {session.lastname}
            </Text>
            <Text size="sm" c="dimmed">
              {session.roles.includes('ROLE_ASSURE') ? 'Compte Assuré' : 'Compte Freemium'}
            </Text>
          </div>
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {field('firstname', <TextInput autoComplete="given-name" />)}
            {field('lastname', <TextInput autoComplete="family-name" />)}
            {field('email', <TextInput type="email" autoComplete="email" />)}
            {field(
              'password',
              <PasswordInput
                autoComplete="new-password"
                placeholder={unlocked.has('password') ? 'Nouveau mot de passe' : '••••••••'}
                visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }}
              />,
            )}
            {unlocked.has('password') && form.values.password && <PasswordChecklist password={form.values.password} />}
            {changesCredentials(form.values) && (
              <PasswordInput
                id="profile-currentPassword"
                label="Mot de passe actuel"
                description="Pour changer l’adresse e-mail ou le mot de passe, confirmez d’abord votre mot de passe actuel."
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe actuel' }}
                {...form.getInputProps('currentPassword')}
              />
            )}
            {field('adresse', <TextInput autoComplete="street-address" placeholder="Non renseignée" />)}
            {field('telephone', <TextInput type="tel" autoComplete="tel" placeholder="Non renseigné" />)}
            {emailPending && (
              <Alert color="blue" icon={<IconMail />} role="status" title="Confirmez votre nouvelle adresse">
                {MSG.emailPendingNotice(emailPending)}
              </Alert>
            )}
            <FormOutcome outcome={outcome} />
            <Group justify="space-between" mt="sm">
              <Button type="submit" loading={update.isPending} disabled={unlocked.size === 0}>
                Sauvegarder
              </Button>
              <Button variant="outline" color="red.9" leftSection={<IconLogout size={18} />} onClick={logoutModal.open}>
                Déconnecter
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmLogout opened={logoutOpened} onClose={logoutModal.close} />
    </>
  );
}

/** The member's own calendar address, revocable here (each member has theirs, decision 021). */
function MyCalendarAddress() {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  return (
    <>
      <CalendarFeed onConfirm={setConfirm} inProfile />
      <ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
