import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type User = { id: number; headers: Record<string, string> };
const users = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const join = (user: User, foyerId: number, role: 'proprietaire' | 'membre' | 'lecteur') => joinFoyer(t, user, foyerId, role);

const plan = (user: User, payload: object, path = 'events') =>
  t.app.inject({ method: 'POST', url: `${users(user.id)}/${path}`, headers: user.headers, payload });
const inAWeek = () => new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
const remindersOf = async (user: User) =>
  (
    (await t.app.inject({ url: `${users(user.id)}/notifs`, headers: user.headers })).json() as {
      type: string;
      event: { id: number } | null;
    }[]
  )
    .filter((n) => n.type === 'MAINTENANCE')
    .map((n) => n.event?.id);

async function household(prefix: string) {
  const owner = await signedInUser(t, `${prefix}-proprio@exemple.fr`);
  const member = await signedInUser(t, `${prefix}-membre@exemple.fr`);
  const reader = await signedInUser(t, `${prefix}-lecteur@exemple.fr`);
  await join(member, owner.id, 'membre');
  await join(reader, owner.id, 'lecteur');
  return { owner, member, reader };
}

describe('chores shared in a foyer: « Qui s’en occupe ? »', () => {
  it('assigns a planned maintenance to a member who can do it, and refuses anyone else', async () => {
    const { owner, member, reader } = await household('corvee');
    const stranger = await signedInUser(t, 'corvee-etranger@exemple.fr');

    const assigned = await plan(member, { title: 'Détartrer la bouilloire', dt_realisation: inAWeek(), assigneeId: owner.id });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json().assigneeId).toBe(owner.id);
    expect((await plan(member, { title: 'Sans responsable', dt_realisation: inAWeek() })).json().assigneeId).toBeNull();

    for (const assigneeId of [stranger.id, reader.id]) {
      const refused = await plan(owner, { title: 'Refusé', dt_realisation: inAWeek(), assigneeId });
      expect([refused.statusCode, refused.json().message]).toEqual([400, API_MSG.foyerMemberUnknown]);
    }
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${users(owner.id)}/events/${assigned.json().id}`,
      headers: owner.headers,
      payload: { assigneeId: stranger.id },
    });
    expect([moved.statusCode, moved.json().message]).toEqual([400, API_MSG.foyerMemberUnknown]);
    const kept = (await t.app.inject({ url: `${users(owner.id)}/events`, headers: owner.headers }))
      .json()
      .find((e: { id: number }) => e.id === assigned.json().id);
    expect(kept.assigneeId).toBe(owner.id);

    // « Mes tâches »: the events assigned to the one who asks, or to nobody (everyone's).
    expect((await plan(owner, { title: 'Pour le membre', dt_realisation: inAWeek(), assigneeId: member.id })).statusCode).toBe(201);
    const titles = async (user: User, query = '') =>
      ((await t.app.inject({ url: `${users(user.id)}/events${query}`, headers: user.headers })).json() as { title: string }[])
        .map((e) => e.title)
        .sort();
    expect(await titles(owner, `?assigneeId=${owner.id}`)).toEqual(['Détartrer la bouilloire', 'Sans responsable']);
    expect(await titles(member, `?assigneeId=${member.id}&status=NEW`)).toEqual(['Pour le membre', 'Sans responsable']);
    expect(await titles(member)).toEqual(['Détartrer la bouilloire', 'Pour le membre', 'Sans responsable']);
  });

  it('reminds the assignee alone, or every member who can do it when nobody is assigned, once each', async () => {
    const { owner, member, reader } = await household('rappel');
    const due = new Date(t.clock.now().getTime() + 12 * 3_600_000).toISOString();
    const forOwner = (await plan(member, { title: 'Nettoyer le filtre', dt_realisation: due, assigneeId: owner.id })).json().id as number;
    const forAll = (await plan(owner, { title: 'Purger les radiateurs', dt_realisation: due })).json().id as number;

    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    expect((await remindersOf(owner)).sort()).toEqual([forOwner, forAll].sort());
    expect(await remindersOf(member)).toEqual([forAll]);
    expect(await remindersOf(reader)).toEqual([]);
  });

  it('gives a departed member’s tasks back to every member, and a series’ later occurrences follow a new assignee', async () => {
    const { owner, member } = await household('depart');
    const series = await plan(
      owner,
      { title: 'Changer le filtre de la hotte', dt_realisation: inAWeek(), frequency: 'monthly' },
      'events/period',
    );
    expect(series.statusCode, series.body).toBe(201);
    const occurrences = (series.json() as { id: number; dt_realisation: string }[]).sort((a, b) =>
      a.dt_realisation.localeCompare(b.dt_realisation),
    );
    const second = occurrences[1]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `${users(member.id)}/events/${second.id}`,
      headers: member.headers,
      payload: { assigneeId: member.id },
    });
    expect([res.statusCode, res.json().assigneeId]).toEqual([200, member.id]);
    const assignees = async () =>
      (
        (await t.app.inject({ url: `${users(owner.id)}/events`, headers: owner.headers })).json() as {
          dt_realisation: string;
          assigneeId: number | null;
        }[]
      )
        .sort((a, b) => a.dt_realisation.localeCompare(b.dt_realisation))
        .map((e) => e.assigneeId);
    const before = await assignees();
    expect(before[0]).toBeNull();
    expect(before.slice(1).every((a) => a === member.id)).toBe(true);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${users(member.id)}/foyer/membres/${member.id}`, headers: member.headers })).statusCode,
    ).toBe(204);
    expect((await assignees()).every((a) => a === null)).toBe(true);
  });

  it('gives a badge to the member who earned it, measured on the household; the others keep their own', async () => {
    const { owner, member } = await household('badge');
    const slugs = async (user: User) =>
      ((await t.app.inject({ url: `${users(user.id)}/badges`, headers: user.headers })).json() as { refbadge: { name: string } }[]).map(
        (b) => b.refbadge.name,
      );
    const progress = async (user: User, slug: string) =>
      (
        (await t.app.inject({ url: `${users(user.id)}/badges/a-gagner`, headers: user.headers })).json() as {
          slug: string;
          progress: { current: number };
        }[]
      ).find((b) => b.slug === slug)?.progress.current;

    const form = await multipart({ name: 'Cellier' });
    const universe = (
      await t.app.inject({
        method: 'POST',
        url: `${users(member.id)}/foyers/univers`,
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      })
    ).json().univer_id;
    const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Liebherr', modele: 'K1' }) });
    const added = await t.app.inject({
      method: 'POST',
      url: `${users(member.id)}/foyers/univers/${universe}/appliances`,
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(201);

    expect(await slugs(member)).toContain('Premier appareil');
    expect(await slugs(owner)).not.toContain('Premier appareil');
    // Both see the household's progress toward the next ones.
    expect(await progress(owner, 'foyer-equipe')).toBe(1);
    expect(await progress(member, 'foyer-equipe')).toBe(1);
    const notified = (await t.app.inject({ url: `${users(owner.id)}/notifs`, headers: owner.headers })).json() as { type: string }[];
    expect(notified.filter((n) => n.type === 'CHALLENGE')).toEqual([]);
  });
});
