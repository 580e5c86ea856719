import { API_BASE, type Appliance, type SearchAndSaveBody } from '@ecofoyer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { prepareImage } from '../../../lib/image.ts';
import { uploadForm } from '../../../lib/upload.ts';

/**
 * spec §7 image search: the photo goes up as a temporary file (POST V1/files/public), then
 * POST /api/ai/appliance/searchandsave reads its rating plate and saves the appliance.
 */
export function useImageSearch(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...body }: Omit<SearchAndSaveBody, 'urlImage'> & { photo: File }) => {
      const form = new FormData();
      form.append('file', await prepareImage(photo));
      const uploaded = await uploadForm<{ data: { fileUrl: string } }>(`${API_BASE}/files/public`, form, { onProgress });
      return api<Appliance>('/api/ai/appliance/searchandsave', { method: 'POST', body: { ...body, urlImage: uploaded.data.fileUrl } });
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['appliances'] }), queryClient.invalidateQueries({ queryKey: ['universes'] }), queryClient.invalidateQueries({ queryKey: ['badges'] })]),
  });
}
