import { NAME_MAX, NAME_MIN, PASSWORD_MIN } from './constants.ts';
import { MSG, PASSWORD_RULE_LABELS } from './messages.fr.ts';

export type PasswordRule = keyof typeof PASSWORD_RULE_LABELS;

/** product §5, password rule: the four checks of the live checklist. */
export function passwordChecks(password: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= PASSWORD_MIN,
    case: /[a-z]/.test(password) && /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[@$!%*?&]/.test(password),
  };
}

/** "Votre mot de passe doit contenir :" followed by each missing item, or null when valid. */
export function passwordError(password: string): string | null {
  const checks = passwordChecks(password);
  const missing = (Object.keys(checks) as PasswordRule[]).filter((rule) => !checks[rule]);
  if (missing.length === 0) return null;
  return `${MSG.passwordMustContain} ${missing.map((rule) => PASSWORD_RULE_LABELS[rule].toLowerCase()).join(', ')}.`;
}

// A pragmatic address check: one @, no spaces, a dot in the domain.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_RE.test(email.trim()) && email.trim().length <= 254;
}

export function firstnameError(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG.firstnameRequired;
  if (v.length < NAME_MIN || v.length > NAME_MAX) return MSG.firstnameLength;
  return null;
}

export function lastnameError(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG.lastnameRequired;
  if (v.length < NAME_MIN || v.length > NAME_MAX) return MSG.lastnameLength;
  return null;
}

export function emailError(value: string): string | null {
  if (!value.trim()) return MSG.emailRequired;
  if (!isValidEmail(value)) return MSG.emailInvalid;
  return null;
}

export interface RegistrationInput {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export type RegistrationField = keyof RegistrationInput;
export interface FieldError<F extends string = string> {
  field: F;
  message: string;
}

/**
 * product §5, registration: the match of the two passwords is checked first (alone), then the
 * fields in the order of the spec. Returns every error, in that order; empty when valid.
 */
export function validateRegistration(input: RegistrationInput): FieldError<RegistrationField>[] {
  if (input.password !== input.confirmPassword) {
    return [{ field: 'confirmPassword', message: MSG.passwordsMismatch }];
  }
  const errors: FieldError<RegistrationField>[] = [];
  const push = (field: RegistrationField, message: string | null) => {
    if (message) errors.push({ field, message });
  };
  push('firstname', firstnameError(input.firstname));
  push('lastname', lastnameError(input.lastname));
  push('email', emailError(input.email));
  push('password', passwordError(input.password));
  return errors;
}

/** product §5, login: required, then non-empty after trimming. */
export function validateLogin(input: { email: string; password: string }): FieldError<'email' | 'password'>[] {
  const errors: FieldError<'email' | 'password'>[] = [];
  if (input.email === '') errors.push({ field: 'email', message: MSG.loginEmailRequired });
  else if (input.email.trim() === '') errors.push({ field: 'email', message: MSG.fieldRequired });
  if (input.password === '') errors.push({ field: 'password', message: MSG.loginPasswordRequired });
  else if (input.password.trim() === '') errors.push({ field: 'password', message: MSG.fieldRequired });
  return errors;
}

/** product §5: universe name and description have < and > stripped. */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, '');
}

/** product §5/§9, textarea: grows by 1 row per 30 characters, at most 10 rows. */
export function textareaRows(text: string, perRow = 30, maxRows = 10): number {
  return Math.min(maxRows, Math.max(1, Math.ceil(text.length / perRow)));
}
