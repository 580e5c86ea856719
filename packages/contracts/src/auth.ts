import { z } from 'zod';
import { TEXT_MAX } from './constants.ts';
import { MSG } from './messages.fr.ts';
import { emailError, firstnameError, lastnameError, passwordError } from './validation.ts';

/** Adds a zod issue from one of the §5 rule functions (same rules client and server). */
function rule(check: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** An e-mail address as every form takes it (§5 rule), trimmed and lower-cased. */
export const EmailField = z
  .string()
  .superRefine(rule(emailError))
  .transform((v) => v.trim().toLowerCase());

const optionalText = z
  .string()
  .max(TEXT_MAX, { error: MSG.textTooLong(TEXT_MAX) })
  .nullish();

export const SignupBody = z
  .object({
    username: z.string().trim().max(254).optional(),
    firstname: z
      .string()
      .superRefine(rule(firstnameError))
      .transform((v) => v.trim()),
    lastname: z
      .string()
      .superRefine(rule(lastnameError))
      .transform((v) => v.trim()),
    email: EmailField,
    password: z.string().max(128).superRefine(rule(passwordError)),
    adresse: optionalText,
    telephone: z.string().max(30).nullish(),
    // Accepted for compatibility with the spec's payload, never trusted: sign-up is ROLE_FREEMIUM.
    role: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    // Squatting: a username shaped like someone else's address would take that address's sign-in.
    if (body.username?.includes('@') && body.username.trim().toLowerCase() !== body.email) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: MSG.usernameLooksLikeEmail });
    }
  });
export type SignupBody = z.input<typeof SignupBody>;

export const SigninBody = z.object({
  username: z.string().trim().min(1, { error: MSG.loginEmailRequired }).max(254),
  password: z.string().min(1, { error: MSG.loginPasswordRequired }).max(128),
  /** The token this device got at its last sign-in: a slow-down of the account spares it. */
  deviceToken: z.string().max(100).nullish(),
});
export type SigninBody = z.infer<typeof SigninBody>;

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  roles: z.array(z.string()),
  loginCount: z.number().int(),
});
export type User = z.infer<typeof User>;

/** PUT /api/auth/user/{id}: a new address waits for its link (`emailPending`). */
export const UpdatedUser = User.extend({ emailPending: z.string().optional() });
export type UpdatedUser = z.infer<typeof UpdatedUser>;

export const ConfirmEmailBody = z.object({ token: z.string().min(1).max(200) });

/** DELETE /api/auth/user/{id}: re-authenticated (RGPD). */
/**
 * DELETE /api/auth/user/{userId}. `donnees` and `successeur`: what becomes of the household the account
 * holds while others share it (contracts/foyer.ts FOYER_DATA_CHOICES; by default it stays with them).
 */
export const DeleteAccountBody = z.object({
  currentPassword: z.string().max(128).nullish(),
  donnees: z.enum(['laisser', 'supprimer']).optional(),
  successeur: z.number().int().positive().optional(),
});

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const SigninResponse = User.extend({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Kept by the device and sent at its next sign-in (`SigninBody.deviceToken`). */
  deviceToken: z.string(),
});
export type SigninResponse = z.infer<typeof SigninResponse>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1, { error: MSG.noRefreshToken }).max(200) });
export const SignoutBody = RefreshBody;

export const ForgotPasswordBody = z.object({
  email: EmailField,
});

/** POST /api/auth/resetpassword/check: whether a reset link can still be used (the page says so when it opens). */
export const ResetTokenCheckBody = z.object({ token: z.string().min(1, { error: MSG.resetTokenInvalid }).max(200) });

export const ResetPasswordBody = z.object({
  token: z.string().min(1, { error: MSG.resetTokenInvalid }).max(200),
  newPassword: z.string().max(128).superRefine(rule(passwordError)),
});

/** PUT /api/auth/user/{id}: an empty or absent password leaves it unchanged. */
export const UpdateUserBody = z.object({
  firstname: z
    .string()
    .superRefine(rule(firstnameError))
    .transform((v) => v.trim()),
  lastname: z
    .string()
    .superRefine(rule(lastnameError))
    .transform((v) => v.trim()),
  email: EmailField,
  adresse: optionalText,
  telephone: z.string().max(30).nullish(),
  /** Required to change the e-mail address or the password (ASVS 5.0 V6: re-authentication). */
  currentPassword: z.string().max(128).nullish(),
  password: z
    .string()
    .max(128)
    .nullish()
    .superRefine((value, ctx) => {
      const message = value ? passwordError(value) : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

/** A signed-in device of « Mes appareils connectés », which can be signed out. */
export const SessionInfo = z.object({
  id: z.string(),
  /** « Chrome sur Android », from the User-Agent of its sign-in. */
  appareil: z.string(),
  ip: z.string().nullable(),
  creeLe: z.string(),
  derniereActivite: z.string(),
  /** The session this request comes from. */
  actuelle: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionIdParams = z.object({ sessionId: z.uuid({ error: MSG.sessionNotFound }) });
export const RevokedSessions = z.object({ revoked: z.number().int() });

/**
 * GET /api/legal: who runs this instance (EDITOR_NAME, EDITOR_ADDRESS, EDITOR_EMAIL), for the CGU,
 * the FAQ and the privacy policy. Address and contact are null when not configured.
 */
export const LegalInfo = z.object({ editeur: z.string(), adresse: z.string().nullable(), contact: z.string().nullable() });
export type LegalInfo = z.infer<typeof LegalInfo>;

/** Two-factor sign-in: the password was right, a code is needed (POST /api/auth/signin/totp). */
export const TotpChallenge = z.object({ totpRequired: z.literal(true), challenge: z.string() });
export type TotpChallenge = z.infer<typeof TotpChallenge>;
export const SigninAnswer = z.union([SigninResponse, TotpChallenge]);
export type SigninAnswer = z.infer<typeof SigninAnswer>;

const totpCode = z.string().regex(/^\d{6}$/, { error: 'Le code fait 6 chiffres.' });
const recovery = z.string().min(8).max(20);
export const SigninTotpBody = z.object({
  challenge: z.string().min(10).max(400),
  code: totpCode.nullish(),
  recoveryCode: recovery.nullish(),
  deviceToken: z.string().max(200).nullish(),
});
export const TotpStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TotpStatus = z.infer<typeof TotpStatus>;
export const TotpSetupBody = z.object({ currentPassword: z.string().max(128).nullish() });
export const TotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpEnableBody = z.object({ code: totpCode });
export const TotpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const TotpDisableBody = z.object({
  currentPassword: z.string().max(128).nullish(),
  code: totpCode.nullish(),
  recoveryCode: recovery.nullish(),
});
