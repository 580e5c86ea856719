import { AUTH_BASE, MSG, type UpdateUserBody, type User } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';

/** spec §7: the updated user fields are mirrored into the stored user. */
export async function updateUser(input: UpdateUserBody): Promise<User> {
  const session = sessionStore.get();
  if (!session) throw new Error(MSG.userIdNotFound);
  const user = await api<User>(`${AUTH_BASE}/user/${session.id}`, { method: 'PUT', body: input });
  sessionStore.update(user);
  return user;
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
