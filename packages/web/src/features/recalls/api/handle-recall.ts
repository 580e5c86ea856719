import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userBase } from '../../../lib/api-paths.ts';
import { recallKeys } from './recalls.ts';

/** POST …/{userId}/rappels/{id}/traite: the recall handled, its banner gone for the whole household. */
export function useHandleRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${userBase()}/rappels/${id}/traite`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: recallKeys.all }),
  });
}
