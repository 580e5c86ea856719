import { MSG, type UpdatedUser, type UpdateUserBody } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';
import { sessionStore } from '../../../lib/session.ts';

/** product §7: the updated user fields are mirrored into the stored user. */
export async function updateUser(input: UpdateUserBody): Promise<UpdatedUser> {
  const session = sessionStore.get();
  if (!session) throw new Error(MSG.userIdNotFound);
  const { emailPending, ...user } = await call('put', '/api/auth/user/{userId}', { path: { userId: session.id }, body: input });
  sessionStore.update(user);
  return { ...user, emailPending };
}

/** The link mailed to a new address: its token switches the account to it. */
export function confirmEmail(token: string): Promise<{ message: string }> {
  return call('post', '/api/auth/email/confirm', { body: { token }, auth: false });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
