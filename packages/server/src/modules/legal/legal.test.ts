import { DEFAULT_EDITOR_NAME } from '@ecofoyer/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp } from '../../../test/test-app.ts';

describe('GET /api/legal', () => {
  it('says who runs the instance, from EDITOR_NAME, EDITOR_ADDRESS and EDITOR_EMAIL', async () => {
    const t = await createTestApp({
      EDITOR_NAME: 'Association Répare Ton Quartier',
      EDITOR_ADDRESS: '4 rue des Artisans, 69007 Lyon',
      EDITOR_EMAIL: 'contact@repare-ton-quartier.fr',
    });
    try {
      const res = await t.app.inject({ url: '/api/legal' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        editeur: 'Association Répare Ton Quartier',
        adresse: '4 rue des Artisans, 69007 Lyon',
        contact: 'contact@repare-ton-quartier.fr',
      });
    } finally {
      await t.app.close();
    }
  });

  it('has sensible words for an instance nobody configured, and refuses a contact that is not an address', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/api/legal' })).json()).toEqual({ editeur: DEFAULT_EDITOR_NAME, adresse: null, contact: null });
    } finally {
      await t.app.close();
    }
    expect(() => loadConfig({ EDITOR_EMAIL: 'pas une adresse' })).toThrow(/EDITOR_EMAIL/);
  });
});
