import { MSG, passwordError, RESET_REDIRECT_MS } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useResetLinkCheck, useResetPassword } from '../api/password-reset.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

/** product §2, Reset password: token from the query; on success, /login after 3 s. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const link = useResetLinkCheck(token);
  const outcome = useFormOutcome();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about: it no longer applies.
    onValuesChange: () => outcome.clear(),
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (values) =>
      values.newPassword !== values.confirmPassword
        ? { confirmPassword: MSG.passwordsMismatch }
        : { newPassword: passwordError(values.newPassword) },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.onSubmit(async ({ newPassword }) => {
    outcome.clear();
    try {
      const { message } = await reset.mutateAsync({ token, newPassword });
      setDone(message || MSG.resetDone);
    } catch (error) {
      outcome.failed(
        <>
          {errorMessage(error, MSG.resetUnexpected)}{' '}
          <Anchor component={Link} to="/forgot-password" size="sm">
            Demander un nouveau lien
          </Anchor>
        </>,
      );
    }
  }, outcome.invalid);

  // No link, or one already used or out of date: said at once, with the way to a new one. (A check
  // that could not be made — the network — leaves the form: the reset itself will say.)
  const spent = link.error instanceof ApiError && link.error.status === 400 ? link.error : null;
  if (!token || (spent && !done)) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {spent ? spent.message : MSG.resetTokenInvalid}
        </Alert>
        <Button component={Link} to="/forgot-password">
          Demander un nouveau lien
        </Button>
      </AuthLayout>
    );
  }

  if (link.isPending && !done) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <Stack align="center" py="lg">
          <Loader aria-label="Vérification du lien…" />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Nouveau mot de passe" subtitle={done ? undefined : 'Choisissez un nouveau mot de passe pour votre compte.'}>
      {done ? (
        <Stack>
          <Alert color="eco" icon={<IconCircleCheck />} role="status">
            {done}
          </Alert>
          <Text size="sm" c="dimmed">
            Vous allez être redirigé vers la page de connexion…
          </Text>
          <Anchor component={Link} to="/login" fw={600}>
            Se connecter maintenant
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              label="Nouveau mot de passe"
              password={form.getInputProps('newPassword')}
              confirm={form.getInputProps('confirmPassword')}
            />
            <FormOutcome outcome={outcome} />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Réinitialiser
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
