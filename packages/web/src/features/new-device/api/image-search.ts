import type { ImageSearchBody } from '@ecofoyer/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, urlTo } from '../../../lib/api-call.ts';
import { prepareImage } from '../../../lib/image.ts';
import { uploadForm } from '../../../lib/upload.ts';

/**
 * product §7, image search: the photo goes up as a temporary file (POST V1/files/public), then
 * POST /api/ai/images reads its rating plate. Nothing is saved here: the wizard
 * shows what was read for the user to correct, and saves at « Confirmer l’ajout ».
 */
export function useImageSearch(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: async ({ photo, searchText }: Omit<ImageSearchBody, 'urlImage'> & { photo: File }) => {
      const form = new FormData();
      form.append('file', await prepareImage(photo));
      const uploaded = await uploadForm<{ data: { fileUrl: string } }>(urlTo('post', '/api/V1/files/public'), form, { onProgress });
      return call('post', '/api/ai/images', { body: { urlImage: uploaded.data.fileUrl, searchText } });
    },
  });
}
