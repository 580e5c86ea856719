import { emailError, MSG } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/password-reset.ts';

/** product §2, Forgot password; §4: on success the form is hidden, with a link back to login. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const outcome = useFormOutcome();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about: it no longer applies.
    onValuesChange: () => outcome.clear(),
    initialValues: { email: '' },
    validate: { email: (v) => emailError(v) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    outcome.clear();
    try {
      const { message } = await forgot.mutateAsync(email);
      setSent(message || MSG.forgotSent);
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle={sent ? undefined : 'Indiquez votre adresse : nous vous envoyons un lien pour choisir un nouveau mot de passe.'}
    >
      {sent ? (
        <Stack>
          <Alert color="eco" icon={<IconMailCheck />} role="status">
            {sent}
          </Alert>
          <Text size="sm" c="dimmed">
            Le lien est valable une heure et ne sert qu’une fois. Pensez à regarder dans vos courriers indésirables.
          </Text>
          <Anchor component={Link} to="/login" fw={600}>
            Retour à la connexion
          </Anchor>
        </Stack>
      ) : (
        <>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput label="Email" type="email" inputMode="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
              <FormOutcome outcome={outcome} />
              <Button type="submit" fullWidth loading={forgot.isPending}>
                Envoyer le lien
              </Button>
            </Stack>
          </form>
          <Anchor component={Link} to="/login" ta="center">
            Retour à la connexion
          </Anchor>
        </>
      )}
    </AuthLayout>
  );
}
