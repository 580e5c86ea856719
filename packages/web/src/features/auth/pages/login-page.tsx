import { DEMO_ACCOUNT, MSG, validateLogin } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignin } from '../api/signin.ts';

/** spec §2 Login. */
export function LoginPage() {
  const navigate = useNavigate();
  const signinMutation = useSignin();
  const demoMutation = useSignin();
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: false },
    validate: (values) => Object.fromEntries(validateLogin(values).map((e) => [e.field, e.message])),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await signinMutation.mutateAsync({ username: values.email, password: values.password, remember: values.remember });
      // docs/decisions/001: a first sign-in shows the onboarding once; after that, /home (spec §2).
      navigate(user.loginCount <= 1 ? '/welcome' : '/home', { replace: true });
    } catch (error) {
      setFailure({ title: MSG.loginFailed, detail: errorMessage(error, '') });
    }
  });

  const demo = async () => {
    setFailure(null);
    try {
      const user = await demoMutation.mutateAsync({ ...DEMO_ACCOUNT, remember: false });
      // spec §2: after a demo login, /welcome if the login count is above 2, otherwise /home.
      navigate(user.loginCount > 2 ? '/welcome' : '/home', { replace: true });
    } catch (error) {
      setFailure({ title: MSG.demoFailed, detail: errorMessage(error, '') });
    }
  };

  const busy = signinMutation.isPending || demoMutation.isPending;
  return (
    <AuthLayout title="Connexion" subtitle="Retrouvez vos appareils, leurs entretiens et leurs réparations.">
      {failure && (
        <Alert color="red" icon={<IconAlertCircle />} title={failure.title} role="alert">
          {failure.detail}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
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
              Mot de passe oublié ?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signinMutation.isPending} disabled={busy}>
            VALIDER
          </Button>
        </Stack>
      </form>
      <Divider label="ou" labelPosition="center" />
      <Button variant="outline" color="warm.8" fullWidth onClick={demo} loading={demoMutation.isPending} disabled={busy}>
        DEMO
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        Le compte de démonstration est partagé : n’y saisissez pas de données personnelles.
      </Text>
      <Text ta="center">
        Pas encore de compte ?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Créer un compte
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
