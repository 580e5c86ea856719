import { DEFAULT_EDITOR_NAME, type LegalInfo } from '@ecofoyer/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api-call.ts';

/** Until the server answers (or if it cannot), the words of an instance nobody configured. */
export const DEFAULT_LEGAL: LegalInfo = { editeur: DEFAULT_EDITOR_NAME, adresse: null, contact: null };

let asked: Promise<LegalInfo> | null = null;

/**
 * GET /api/legal: who runs this instance, for the CGU, the FAQ and the privacy policy.
 * Asked once per page load. A plain effect, not TanStack Query: the CGU also open from the login
 * page, which carries no query cache (its JS budget, decision 006).
 */
export function useLegal(): LegalInfo {
  const [legal, setLegal] = useState<LegalInfo>(DEFAULT_LEGAL);
  useEffect(() => {
    let live = true;
    asked ??= call('get', '/api/legal', { auth: false }).catch(() => {
      asked = null;
      return DEFAULT_LEGAL;
    });
    void asked.then((value) => live && setLegal(value));
    return () => {
      live = false;
    };
  }, []);
  return legal;
}
