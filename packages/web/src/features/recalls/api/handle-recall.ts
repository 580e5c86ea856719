import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { recallKeys } from './recalls.ts';

/** POST …/{userId}/rappels/{id}/traite: the recall handled, its banner gone for the whole household. */
export function useHandleRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('post', '/api/V1/profils/users/{userId}/rappels/{id}/traite', { path: { userId: me(), id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: recallKeys.all }),
  });
}
