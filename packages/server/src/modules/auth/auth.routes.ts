import {
  API_MSG,
  ConfirmEmailBody,
  DeleteAccountBody,
  ErrorBody,
  MSG,
  ForgotPasswordBody,
  MessageResponse,
  RefreshBody,
  ResetPasswordBody,
  ResetTokenCheckBody,
  RevokedSessions,
  SessionIdParams,
  SessionInfo,
  SigninAnswer,
  SigninBody,
  SigninResponse,
  SigninTotpBody,
  SignoutBody,
  SignupBody,
  TokenPair,
  TotpDisableBody,
  TotpEnableBody,
  TotpRecoveryCodes,
  TotpSetup,
  TotpSetupBody,
  TotpStatus,
  UpdatedUser,
  UpdateUserBody,
} from '@ecofoyer/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { seedDemoHousehold } from '../../db/demo.ts';
import { createAccountService } from '../account/account.service.ts';

/** `{userId}` of the account itself: the route access check refuses another's (403). */
const SelfParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** API.md "Auth" (`/api/auth`). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock, limiter } = app.deps;
  const { auth: service, sessions, passwordReset, profile, totp } = app.accounts;
  const tags = ['auth'];

  // Tokens and account answers are never kept by a browser or a proxy cache (ASVS 5.0 V14.3).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/signup',
    { config: { access: 'public' }, schema: { tags, body: SignupBody, response: { 201: MessageResponse, ...errors } } },
    async (req, reply) => {
      await service.signup(req.body, req.ip);
      return reply.code(201).send({ message: API_MSG.signupDone });
    },
  );

  // An address already over its limit is turned away before its body is even read: a flood costs no parsing.
  const refuseBlocked = (key: (ip: string) => string, message: string) => async (req: FastifyRequest) => {
    limiter.refuseIfBlocked(key(req.ip), message);
  };

  app.post(
    '/signin',
    {
      config: { access: 'public' },
      schema: { tags, body: SigninBody, response: { 200: SigninAnswer, ...errors } },
      onRequest: refuseBlocked((ip) => `signin:ip:${ip}`, API_MSG.tooManySignin),
    },
    async (req) =>
      sessions.signin(req.body.username, req.body.password, req.ip, req.headers['user-agent'] ?? null, req.body.deviceToken ?? null),
  );

  // Two-factor sign-in: the challenge of a right password, then a code or a recovery code.
  app.post(
    '/signin/totp',
    {
      config: { access: 'public' },
      schema: { tags, body: SigninTotpBody, response: { 200: SigninResponse, ...errors } },
      onRequest: refuseBlocked((ip) => `signin:ip:${ip}`, API_MSG.tooManySignin),
    },
    async (req) => sessions.signinSecondFactor(req.body, req.ip, req.headers['user-agent'] ?? null),
  );
  const signedIn = { security: [{ bearer: [] }] };
  app.get(
    '/totp',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: TotpStatus, ...errors }, security: signedIn.security } },
    async (req) => totp.status(req.auth!.userId),
  );
  app.post(
    '/totp/setup',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: TotpSetupBody, response: { 200: TotpSetup, ...errors }, security: signedIn.security },
    },
    async (req) => {
      const user = await profile.reauthenticate(req.auth!.userId, req.body.currentPassword, req.ip);
      return totp.setup(user.id, user.email);
    },
  );
  app.post(
    '/totp/enable',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: TotpEnableBody, response: { 200: TotpRecoveryCodes, ...errors }, security: signedIn.security },
    },
    async (req) => {
      const recoveryCodes = await totp.enable(req.auth!.userId, req.body.code);
      await app.services.audit.record(req.auth!.userId, 'totp_enabled', req.ip);
      return { recoveryCodes };
    },
  );
  app.post(
    '/totp/disable',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: TotpDisableBody, response: { 200: MessageResponse, ...errors }, security: signedIn.security },
    },
    async (req) => {
      const userId = req.auth!.userId;
      await profile.reauthenticate(userId, req.body.currentPassword, req.ip);
      if (!(await totp.verifySecondFactor(userId, req.body))) throw forbidden(MSG.totpSecondFactorWrong, 'TOTP_CODE_WRONG');
      await totp.disable(userId);
      await app.services.audit.record(userId, 'totp_disabled', req.ip);
      return { message: MSG.totpDisabled };
    },
  );

  // DEMO: a household of the visitor's own, signed in at once; off with DEMO=false.
  app.post(
    '/demo',
    {
      config: { access: 'public' },
      schema: { tags, response: { 200: SigninResponse, ...errors } },
      onRequest: refuseBlocked((ip) => `signup:ip:${ip}`, API_MSG.tooManySignup),
    },
    async (req) => {
      if (!config.demo) throw notFound(API_MSG.demoUnavailable, 'DEMO_UNAVAILABLE');
      const userId = await service.createDemoUser(req.ip);
      try {
        await seedDemoHousehold(app, userId);
      } catch (error) {
        await service.dropDemoUser(userId);
        throw error;
      }
      return sessions.openDemoSession(userId, req.ip, req.headers['user-agent'] ?? null);
    },
  );

  // The link mailed to a new address: the token in the body is the credential.
  app.post(
    '/email/confirm',
    { config: { access: 'public' }, schema: { tags, body: ConfirmEmailBody, response: { 200: MessageResponse, ...errors } } },
    async (req) => {
      const user = await profile.confirmEmail(req.body.token, req.ip);
      return { message: API_MSG.emailConfirmed(user.email) };
    },
  );

  app.post(
    '/refreshtoken',
    { config: { access: 'public' }, schema: { tags, body: RefreshBody, response: { 200: TokenPair, ...errors } } },
    async (req) => sessions.refresh(req.body.refreshToken),
  );

  app.post(
    '/signout',
    { config: { access: 'public' }, schema: { tags, body: SignoutBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await sessions.signout(req.body.refreshToken, req.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgotpassword',
    { config: { access: 'public' }, schema: { tags, body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } } },
    async (req) => ({
      message: await passwordReset.forgotPassword(req.body.email, req.ip),
    }),
  );

  app.post(
    '/resetpassword/check',
    { config: { access: 'public' }, schema: { tags, body: ResetTokenCheckBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await passwordReset.checkResetToken(req.body.token, req.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/resetpassword',
    { config: { access: 'public' }, schema: { tags, body: ResetPasswordBody, response: { 200: MessageResponse, ...errors } } },
    async (req) => ({
      message: await passwordReset.resetPassword(req.body.token, req.body.newPassword, req.ip),
    }),
  );

  app.put(
    '/user/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: SelfParams, body: UpdateUserBody, response: { 200: UpdatedUser, ...errors }, security: [{ bearer: [] }] },
    },
    async (req) => {
      return profile.updateUser(req.params.userId, req.body, req.ip, req.auth?.sid);
    },
  );

  // RGPD: « Télécharger mes données » and « Supprimer mon compte ».
  const account = createAccountService(db, { store: app.services.files.fileStore, clock, limiter });
  app.get(
    '/user/:userId/export',
    { config: { access: 'signed-in' }, schema: { tags, params: SelfParams, produces: ['application/zip'], security: [{ bearer: [] }] } },
    async (req, reply) => {
      const { stream, fileName } = await account.exportZip(req.params.userId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
  app.delete(
    '/user/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: SelfParams,
        body: DeleteAccountBody,
        response: { 200: MessageResponse, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (req) => {
      const { userId } = req.params;
      const departure = { donnees: req.body.donnees, successeur: req.body.successeur };
      // A household the account holds and shares is handed over, or deleted with it, as the person chose (decision 021).
      await profile.deleteAccount(userId, req.body.currentPassword, req.ip, (announce) =>
        account.deleteAll(userId, (unit) => app.services.foyer.prepareAccountDeletion(userId, departure, unit), announce),
      );
      return { message: MSG.accountDeleted };
    },
  );

  // « Mes appareils connectés »: the user's own sessions, one ended, or all but this one.
  const bearer = { security: [{ bearer: [] }] };
  app.get(
    '/sessions',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(SessionInfo), ...errors }, security: bearer.security } },
    async (req) => sessions.listSessions(req.auth!.userId, req.auth?.sid),
  );
  app.delete(
    '/sessions/:sessionId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: SessionIdParams, response: { 204: z.null(), 404: ErrorBody, ...errors }, security: bearer.security },
    },
    async (req, reply) => {
      await sessions.revokeSession(req.auth!.userId, req.params.sessionId, req.ip);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/sessions',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: RevokedSessions, ...errors }, security: bearer.security } },
    async (req) => ({
      revoked: await sessions.revokeOtherSessions(req.auth!.userId, req.auth?.sid, req.ip),
    }),
  );
};
