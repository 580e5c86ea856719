import { MSG, validateRegistration } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { AuthLayout } from '../../../components/public-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInvitationPreview } from '../../foyer/api/foyer.ts';
import { pendingInvitation } from '../../foyer/pending-invitation.ts';
import { useSignup } from '../api/signup.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

/**
 * product §2, Register; §4: after success the form is hidden and the server message shows. Opened
 * from a household invitation (its link kept in this browser), the form starts with the invited
 * address: the invitation opens for that address only.
 */
export function RegisterPage() {
  const signup = useSignup();
  const outcome = useFormOutcome();
  const [success, setSuccess] = useState<string | null>(null);
  const [invitationToken] = useState(() => pendingInvitation.token() ?? '');
  const invitation = useInvitationPreview(invitationToken).data;
  const form = useForm({
    mode: 'controlled',
    // A server's refusal goes once the user changes what it was about: it no longer applies.
    onValuesChange: () => outcome.clear(),
    initialValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' },
    validate: (values) => Object.fromEntries(validateRegistration(values).map((e) => [e.field, e.message])),
  });
  const invitedEmail = invitation?.email;
  const typedEmail = form.values.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the address arrives; clearing the field later must not bring it back.
  useEffect(() => {
    // Only into an empty field: an address the person already typed is theirs to keep.
    if (invitedEmail && typedEmail === '') form.setFieldValue('email', invitedEmail);
  }, [invitedEmail]);

  const submit = form.onSubmit(async ({ confirmPassword: _c, ...values }) => {
    outcome.clear();
    try {
      const { message } = await signup.mutateAsync(values);
      setSuccess(message);
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);

  if (success) {
    return (
      <AuthLayout title="Inscription">
        <Alert color="eco" icon={<IconCircleCheck />} title="Bienvenue !" role="status">
          {success}
        </Alert>
        <Button component={Link} to="/login" state={{ email: form.values.email.trim() }} fullWidth>
          Se connecter
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Inscription"
      subtitle={
        invitation
          ? `Créez votre compte gratuit pour rejoindre le foyer «\u00a0${invitation.nom}\u00a0».`
          : 'Créez votre compte gratuit pour suivre vos appareils.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* A phone gives each its own line, the whole width; side by side from 576 px. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Prénom" autoComplete="given-name" withAsterisk {...form.getInputProps('firstname')} />
            <TextInput label="Nom" autoComplete="family-name" withAsterisk {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            withAsterisk
            description={invitation && invitedAddressNote(invitation.email, form.values.email)}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            label="Mot de passe"
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
          />
          <FormOutcome outcome={outcome} />
          <Button type="submit" fullWidth loading={signup.isPending}>
            S’inscrire
          </Button>
        </Stack>
      </form>
      <Text ta="center">
        Déjà un compte ?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Se connecter
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

/** Under the address of a sign-up opened from an invitation: whether the invitation will open for it. */
function invitedAddressNote(invited: string, typed: string): string {
  return typed.trim().toLowerCase() === invited.toLowerCase()
    ? 'C’est l’adresse de votre invitation\u00a0: elle s’ouvrira avec ce compte.'
    : `L’invitation est pour ${invited}\u00a0: elle ne s’ouvrira qu’avec un compte à cette adresse.`;
}
