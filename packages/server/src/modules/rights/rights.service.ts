import { asFoyerId, type FoyerId } from '../../lib/ids.ts';
import { breath, SLICE } from '../../lib/breath.ts';
import {
  addDays,
  addMonths,
  type Appliance,
  type ClaimOptions,
  claimRoutes,
  type Droits,
  type DroitsResume,
  dayFr,
  type Event,
  parisDay,
  recommendedRoute,
  SMARTFIX_AGE_MAX,
  smartfixKindOfProduct,
} from '@ecofoyer/contracts';
import type { NotificationRow, RefProductRow } from '../../db/schema.ts';
import type { SmartfixService } from '../smartfix/smartfix.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppliancesService, GuaranteeFacts } from '../appliances/appliances.service.ts';
import type { EventsService, FeedDay } from '../events/events.service.ts';
import type { FoyerService } from '../foyer/foyer.service.ts';
import type { ReferencesService } from '../references/references.service.ts';
import { type BreakdownFacts, guaranteeRights } from './guarantee-rights.ts';

interface RunningGuarantee {
  applianceId: number;
  nom: string;
  kind: 'legale' | 'commerciale';
  fin: string;
}

const GUARANTEE_LABEL = { legale: 'garantie légale de conformité', commerciale: 'garantie commerciale' } as const;

/** « Mes droits »: the rules of contracts/rights.ts applied to one appliance of the household. */
export class RightsService {
  private lastReminders = 0;
  private reminding: Promise<NotificationRow[]> | null = null;

  constructor(
    private readonly deps: {
      appliances: AppliancesService;
      events: EventsService;
      references: ReferencesService;
      notifications: NotificationsService;
      smartfix: SmartfixService;
      foyer: Pick<FoyerService, 'assignableIds'>;
      clock: Clock;
    },
  ) {}

  async forAppliance(foyerId: FoyerId, applianceId: number): Promise<Droits> {
    const appliance = await this.deps.appliances.get(foyerId, applianceId);
    return this.compute(appliance, await this.deps.events.listForAppliance(foyerId, applianceId), appliance);
  }

  /**
   * « Ma démarche »: the routes open today for one appliance (contracts/claims-rules.ts), from the
   * same facts and breakdowns as its rights (no repairability estimate: no route depends on it).
   */
  async claimOptions(foyerId: FoyerId, applianceId: number): Promise<ClaimOptions> {
    const appliance = await this.deps.appliances.get(foyerId, applianceId);
    const [events, product] = await Promise.all([
      this.deps.events.listForAppliance(foyerId, applianceId),
      appliance.prod_id ? this.deps.references.product(appliance.prod_id) : undefined,
    ]);
    const today = parisDay(this.deps.clock.now());
    const droits = guaranteeRights(appliance, product, events, today);
    // A defect found while a guarantee ran stays covered by it: the day of the latest breakdown still
    // open decides, not the day the household asks.
    const open = events
      .filter((e) => e.type === 'PANNE' && e.status === 'NEW')
      .map((e) => parisDay(new Date(e.dt_realisation)))
      .sort()
      .at(-1);
    const voies = claimRoutes(
      { droits, productSlug: product?.slug ?? null, dtAchat: appliance.dt_achat, occasion: appliance.occasion, decouverte: open ?? null },
      today,
    );
    return { applianceId, aujourdhui: today, voies, recommandee: recommendedRoute(voies) };
  }

  /** Every guarantee still running in the household, from one list of appliances and one of events. */
  async runningGuarantees(foyerId: FoyerId): Promise<RunningGuarantee[]> {
    const running: RunningGuarantee[] = [];
    for (const { appliance, rights } of await this.forHousehold(foyerId, await this.deps.appliances.guaranteeFacts(foyerId))) {
      if (rights.legale?.active) running.push({ applianceId: appliance.id, nom: appliance.name, kind: 'legale', fin: rights.legale.fin });
      if (rights.commerciale?.active)
        running.push({ applianceId: appliance.id, nom: appliance.name, kind: 'commerciale', fin: rights.commerciale.fin });
    }
    return running;
  }

  /** Every appliance of the household with its rights (no repairability estimate), from one list of appliances and one of events. */
  async forHousehold(foyerId: FoyerId): Promise<{ appliance: Appliance; rights: Droits }[]>;
  async forHousehold<A extends GuaranteeFacts>(foyerId: FoyerId, appliances: A[]): Promise<{ appliance: A; rights: Droits }[]>;
  async forHousehold(foyerId: FoyerId, given?: GuaranteeFacts[]): Promise<{ appliance: GuaranteeFacts; rights: Droits }[]> {
    // Only breakdowns count for the guarantees (the home's summary once read every event, 200 ms at ten years),
    // and the summary reads only the fields they depend on (no file URLs to sign, no joins).
    const [appliances, events] = await Promise.all([given ?? this.deps.appliances.list(foyerId), this.deps.events.breakdowns(foyerId)]);
    const byAppliance = new Map<number, Event[]>();
    for (const e of events) if (e.applianceId !== null) byAppliance.set(e.applianceId, [...(byAppliance.get(e.applianceId) ?? []), e]);
    const all: { appliance: GuaranteeFacts; rights: Droits }[] = [];
    // One day for the whole household (formatted once, not 10,000 times).
    const today = parisDay(this.deps.clock.now());
    for (const [i, appliance] of appliances.entries()) {
      // 10,000 appliances' guarantees a slice at a time (lib/breath.ts).
      if (i > 0 && i % SLICE === 0) await breath();
      all.push({ appliance, rights: await this.compute(appliance, byAppliance.get(appliance.id) ?? [], undefined, today) });
    }
    return all;
  }

  /**
   * What the household's guarantees are computed from besides its appliances (`guaranteeRights`),
   * for a job's thread: its breakdowns, the products' slugs and bonus types, and today in Paris.
   */
  async householdInputs(foyerId: FoyerId): Promise<{
    breakdowns: (BreakdownFacts & { applianceId: number | null })[];
    products: Pick<RefProductRow, 'id' | 'slug' | 'repair_bonus_types'>[];
    today: string;
  }> {
    const [events, products] = await Promise.all([this.deps.events.breakdowns(foyerId), this.deps.references.productRows()]);
    return {
      breakdowns: events.map((e) => ({
        applianceId: e.applianceId,
        type: e.type,
        dt_realisation: e.dt_realisation,
        sous_garantie: e.sous_garantie,
        immobilisation_jours: e.immobilisation_jours,
        remplace: e.remplace,
      })),
      products: products.map(({ id, slug, repair_bonus_types }) => ({ id, slug, repair_bonus_types })),
      today: parisDay(this.deps.clock.now()),
    };
  }

  /** The home's « N appareils encore sous garantie ». */
  async summary(foyerId: FoyerId): Promise<DroitsResume> {
    const running = await this.runningGuarantees(foyerId);
    const soonest = running.toSorted((a, b) => a.fin.localeCompare(b.fin))[0];
    return {
      sousGarantie: new Set(running.map((g) => g.applianceId)).size,
      prochaineFin: soonest ? { applianceId: soonest.applianceId, nom: soonest.nom, fin: soonest.fin } : null,
    };
  }

  /**
   * The end of each running guarantee as a day of the calendar feed (so calendar apps show it),
   * reminded 60 and 7 days before, like the notifications.
   */
  async feedDays(foyerId: FoyerId): Promise<FeedDay[]> {
    return (await this.runningGuarantees(foyerId)).map((g) => ({
      id: `garantie-${g.applianceId}-${g.kind}@ecofoyer`,
      day: g.fin,
      summary: `Fin de la ${GUARANTEE_LABEL[g.kind]} : ${g.nom}`,
      description:
        g.kind === 'legale'
          ? 'Jusqu’à ce jour, en cas de panne, le vendeur doit réparer ou remplacer l’appareil gratuitement (articles L217-3 et suivants du code de la consommation).'
          : 'Jusqu’à ce jour, en cas de panne, contactez le vendeur ou le fabricant avec la facture.',
      remindDaysBefore: [60, 7],
    }));
  }

  /** `full`: the appliance whose smart-fix estimate is asked (one appliance's page), not for household-wide reads. */
  private async compute(
    appliance: GuaranteeFacts,
    events: Event[],
    full?: Appliance,
    today = parisDay(this.deps.clock.now()),
  ): Promise<Droits> {
    const product = appliance.prod_id ? await this.deps.references.product(appliance.prod_id) : undefined;
    return guaranteeRights(appliance, product, events, today, product && full ? this.repairability(full, product, events, today) : null);
  }

  /**
   * The smart-fix estimate for this appliance: its kind, brand, age in whole
   * years from its delivery or purchase, and its last breakdown (or its breakdown note).
   */
  private repairability(appliance: Appliance, product: RefProductRow, events: Event[], today: string): Droits['reparabilite'] {
    const categoryId = product.smartfix_category_id;
    if (!categoryId) return null;
    const since = appliance.dt_livraison ?? appliance.dt_achat;
    const age = since ? Math.floor((Date.parse(today) - Date.parse(since)) / (365.25 * 86_400_000)) : null;
    const lastBreakdown = events.filter((e) => e.type === 'PANNE').sort((a, b) => b.dt_realisation.localeCompare(a.dt_realisation))[0];
    const estimate = this.deps.smartfix.predict({
      product_category_id: categoryId,
      kind: smartfixKindOfProduct(product.slug, categoryId)?.id ?? null,
      brand: appliance.marque ?? '',
      product_age: age !== null && age >= 0 && age <= SMARTFIX_AGE_MAX ? age : null,
      problem: [lastBreakdown?.title, lastBreakdown?.note ?? appliance.panne_note].filter(Boolean).join(' '),
    });
    return {
      probabilite: estimate.repair_probability,
      moyenne: estimate.category_rate,
      type: estimate.category_name,
      enregistrements: estimate.category_records,
    };
  }

  /**
   * Reminders 60 and 7 days before a legal or commercial guarantee ends, each created
   * once (its key names the appliance, the guarantee, its end and the step). Run by the notifications'
   * tick, at most once an hour: a day late is no harm, a scan every minute would be.
   */
  async remind(): Promise<NotificationRow[]> {
    // A pass already running (another tick of this process): wait for it rather than return before
    // its reminders exist; it creates and returns them itself.
    if (this.reminding) {
      await this.reminding.catch(() => undefined);
      return [];
    }
    const now = this.deps.clock.now();
    // Within an hour either way: a clock set back (a test, a corrected server time) must not silence them for days.
    if (Math.abs(now.getTime() - this.lastReminders) < 3_600_000) return [];
    this.lastReminders = now.getTime();
    this.reminding = this.remindAll(now);
    try {
      return await this.reminding;
    } finally {
      this.reminding = null;
    }
  }

  private async remindAll(now: Date): Promise<NotificationRow[]> {
    const today = parisDay(now);
    const created: NotificationRow[] = [];
    const candidates = await this.deps.appliances.withGuaranteeDates(addMonths(today, -60), addDays(today, -7));
    // One read of each household's guarantee dates and breakdowns, as for the home's summary, not one per appliance.
    const byUser = new Map<FoyerId, Set<number>>();
    for (const c of candidates) byUser.set(asFoyerId(c.foyer_id), (byUser.get(asFoyerId(c.foyer_id)) ?? new Set()).add(c.id));
    for (const [foyerId, ids] of byUser) {
      // Every member who looks after the household's appliances is told, a lecteur is not.
      const members = await this.deps.foyer.assignableIds(foyerId);
      for (const { appliance, rights } of await this.forHousehold(foyerId, await this.deps.appliances.guaranteeFacts(foyerId))) {
        if (ids.has(appliance.id)) created.push(...(await this.remindFor(foyerId, members, appliance, rights, today)));
      }
    }
    return created;
  }

  /** Each member's reminder of a guarantee's end; the founder's keeps the key it had before members existed. */
  private async remindFor(
    foyerId: FoyerId,
    members: number[],
    appliance: GuaranteeFacts,
    rights: Droits,
    today: string,
  ): Promise<NotificationRow[]> {
    const created: NotificationRow[] = [];
    const { id } = appliance;
    const ends = [
      rights.legale?.active ? { kind: 'legale', label: GUARANTEE_LABEL.legale, fin: rights.legale.fin } : null,
      rights.commerciale?.active ? { kind: 'commerciale', label: GUARANTEE_LABEL.commerciale, fin: rights.commerciale.fin } : null,
    ];
    for (const end of ends) {
      if (!end) continue;
      const daysLeft = Math.round((Date.parse(`${end.fin}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
      const step = daysLeft <= 7 ? 7 : daysLeft <= 60 ? 60 : null;
      if (step === null || daysLeft < 0) continue;
      const fin = dayFr(end.fin);
      for (const member of members) {
        const row = await this.deps.notifications.remindOnce(
          member,
          'GARANTIE',
          `garantie:${id}:${end.kind}:${end.fin}:${step}${member === foyerId ? '' : `:${member}`}`,
          `Garantie : ${appliance.name}, fin le ${fin}`,
          `Plus que ${daysLeft} jour${daysLeft > 1 ? 's' : ''} de ${end.label} pour ${appliance.name}. En cas de panne d’ici là, ${end.kind === 'legale' ? 'le vendeur doit le réparer ou le remplacer gratuitement' : 'contactez le vendeur ou le fabricant avec la facture'}.`,
        );
        if (row) created.push(row);
      }
    }
    return created;
  }
}
