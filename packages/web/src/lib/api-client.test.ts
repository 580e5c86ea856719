import { Appliance } from '@ecofoyer/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (body: unknown) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('answers checked against the contracts in development', () => {
  it('reports an answer that does not match its schema, with what differs, and still returns it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer([{ id: 'sept', name: 'Lave-linge' }]);
    const data = await api<unknown[]>('/api/V1/x', { auth: false, schema: Appliance.array() });
    expect(data).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toBe('Réponse hors contrat : /api/V1/x');
    expect(JSON.stringify(error.mock.calls[0]![1])).toContain('"id"');
  });

  it('says nothing for an answer that matches', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ id: 1, name: 'Ok' });
    await api('/api/V1/y', { auth: false, schema: Appliance.pick({ id: true, name: true }) });
    expect(error).not.toHaveBeenCalled();
  });
});
