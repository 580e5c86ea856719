import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PasswordChecklist } from './password-checklist.tsx';

/** A new password with its live checklist (product §5), then its confirmation. */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        withAsterisk
        aria-describedby="password-rules"
        visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }}
        {...password}
      />
      <PasswordChecklist id="password-rules" password={String(password.value ?? '')} />
      <PasswordInput
        label="Confirmer le mot de passe"
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer la confirmation' }}
        {...confirm}
      />
    </>
  );
}
