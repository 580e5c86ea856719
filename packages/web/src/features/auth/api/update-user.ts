import { AUTH_BASE, MSG, type UpdatedUser, type UpdateUserBody } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';

/** product §7: the updated user fields are mirrored into the stored user. */
export async function updateUser(input: UpdateUserBody): Promise<UpdatedUser> {
  const session = sessionStore.get();
  if (!session) throw new Error(MSG.userIdNotFound);
  const { emailPending, ...user } = await api<UpdatedUser>(`${AUTH_BASE}/user/${session.id}`, { method: 'PUT', body: input });
  sessionStore.update(user);
  return { ...user, emailPending };
}

/** The link mailed to a new address: its token switches the account to it. */
export function confirmEmail(token: string): Promise<{ message: string }> {
  return api<{ message: string }>(`${AUTH_BASE}/email/confirm`, { method: 'POST', body: { token }, auth: false });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
