import { downloadFile } from '../../../lib/download.ts';
import { userBase } from '../../universes/api/universes.ts';

/** GET …/{userId}/export/appareils.csv or entretiens.csv (issue 21), downloaded under the server's dated name. */
export function downloadCsv(what: 'appareils' | 'entretiens'): Promise<void> {
  return downloadFile(`${userBase()}/export/${what}.csv`, `ecofoyer-${what}.csv`);
}
