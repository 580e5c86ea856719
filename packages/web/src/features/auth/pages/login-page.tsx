import { MSG, type SigninResponse, validateLogin } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { pendingInvitation } from '../../foyer/pending-invitation.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type SigninInput, signin, signinSecondFactor, startDemo } from '../api/signin.ts';

/**
 * The page to go back to after signing in: `state.from`, set by the guard (app/require-auth.tsx),
 * when it is a path of this app — one `/`, not `//` nor `/\` (another site's address), nor /login.
 */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from) || from.startsWith('/login')) return null;
  return from;
}

/** product §2, Login. */
export function LoginPage() {
  const navigate = useNavigate();
  // One message: the server's reason, else the generic one (no generic title above the real one).
  const [failure, setFailure] = useState<string | null>(null);
  // No TanStack Query here: the login page is the only page in the entry chunk (JS budgets, decision 006).
  const [pending, setPending] = useState<'signin' | 'demo' | null>(null);
  const location = useLocation();
  const form = useForm({
    mode: 'controlled',
    // The address just registered, not typed twice: the sign-up page hands it over.
    initialValues: { email: (location.state as { email?: string } | null)?.email ?? '', password: '', remember: false },
    // The shared rules (product §5), as the server applies them; a field's error goes when it changes.
    validate: (values) => Object.fromEntries(validateLogin(values).map((e) => [e.field, e.message])),
    // The refusal of what was typed before goes with a change of the address or the password: it no
    // longer applies. Ticking « Se souvenir de moi » keeps it.
    onValuesChange: (values, previous) => {
      if (values.email !== previous.email || values.password !== previous.password) setFailure(null);
    },
  });

  // A message the previous page left (« Votre compte … a été supprimé »).
  const { notice = null, warning = false } = (location.state as { notice?: string; warning?: boolean } | null) ?? {};
  // Two-factor accounts: the password answered a challenge, the code comes next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [proof, setProof] = useState('');

  const enter = (user: SigninResponse, kind: 'signin' | 'demo') => {
    // docs/decisions/001: a first sign-in shows the onboarding once; after that, /home (product §2).
    // product §2: after a demo login, /welcome if the login count is above 2, otherwise /home.
    const onboarding = kind === 'signin' ? user.loginCount <= 1 : user.loginCount > 2;
    // An invitation opened before signing in comes first: the person came to join a foyer.
    const invitation = kind === 'signin' ? pendingInvitation.path() : null;
    // Then the page the guard sent here from (a scanned QR label): a path of this app only.
    const from = kind === 'signin' ? returnPath(location.state) : null;
    navigate(invitation ?? from ?? (onboarding ? '/welcome' : '/home'), { replace: true });
  };

  const run = async (kind: 'signin' | 'demo', input?: SigninInput) => {
    setFailure(null);
    setPending(kind);
    try {
      const answer = kind === 'demo' || !input ? await startDemo() : await signin(input);
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        setPending(null);
        return;
      }
      enter(answer, kind);
    } catch (error) {
      setFailure(errorMessage(error, MSG.loginFailed));
      setPending(null);
    }
  };

  const submitProof = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setFailure(null);
    setPending('signin');
    try {
      const value = proof.trim();
      const user = await signinSecondFactor(
        challenge,
        useRecovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') },
        form.getValues().remember,
      );
      enter(user, 'signin');
    } catch (error) {
      // An expired challenge starts again from the password.
      if (error instanceof ApiError && error.code === 'TOTP_CHALLENGE_EXPIRED') setChallenge(null);
      setFailure(errorMessage(error, MSG.loginFailed));
      setPending(null);
    }
  };

  const submit = form.onSubmit(({ email, password, remember }) => void run('signin', { username: email, password, remember }));

  const busy = pending !== null;
  if (challenge) {
    return (
      <AuthLayout
        title="Double authentification"
        subtitle={
          useRecovery
            ? 'Saisissez un de vos codes de secours.'
            : 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'
        }
      >
        {failure && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        )}
        <form onSubmit={(e) => void submitProof(e)} noValidate>
          <Stack gap="md">
            <TextInput
              key={useRecovery ? 'recovery' : 'code'}
              label={useRecovery ? 'Code de secours' : 'Code à 6 chiffres'}
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              maxLength={useRecovery ? 20 : 6}
              withAsterisk
              data-autofocus
              autoFocus
              value={proof}
              onChange={(e) => setProof(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={pending === 'signin'} disabled={proof.trim() === ''}>
              Valider
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUseRecovery((v) => !v);
                setProof('');
              }}
            >
              {useRecovery ? 'Utiliser le code de l’application' : 'Utiliser un code de secours'}
            </Anchor>
            <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => setChallenge(null)}>
              Revenir à la connexion
            </Anchor>
          </Stack>
        </form>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Connexion" subtitle="Retrouvez vos appareils, leurs entretiens et leurs réparations.">
      {notice && (
        <Alert color={warning ? 'orange' : 'eco'} icon={warning ? <IconAlertCircle /> : <IconCircleCheck />} role="status">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="username" inputMode="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="wrap">
            <Checkbox label="Se souvenir de moi" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Mot de passe oublié ?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={pending === 'signin'} disabled={busy}>
            Valider
          </Button>
        </Stack>
      </form>
      <Divider label="ou" labelPosition="center" />
      <Button variant="outline" color="warm.8" fullWidth onClick={() => void run('demo')} loading={pending === 'demo'} disabled={busy}>
        Démo
      </Button>
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {pending === 'demo'
          ? MSG.demoCreating
          : 'Un foyer de démonstration rien qu’à vous, effacé au bout de 24 h : n’y saisissez pas de données personnelles.'}
      </Text>
      <Text ta="center">
        Pas encore de compte ?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Créer un compte
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
