import type { Appliance, Event } from '@ecofoyer/contracts';
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * The places where a page shows a part that another feature owns (decisions 009 and 014):
 * a feature imports only itself, the shared features and `lib/`, so a page does not import that part;
 * it leaves a slot, and the route that shows the page (`app/pages/`) fills it. Each slot is typed
 * here, with the feature that fills it. An empty slot shows nothing.
 */
export interface Slots {
  /** The appliance page's « Mes droits » (rights). */
  applianceRights: ComponentType<{ appliance: Appliance; events: Event[] }>;
  /** The appliance page's « Rappel produit » banners (recalls). */
  applianceRecalls: ComponentType<{ appliance: Appliance }>;
  /** « Réparer ou remplacer ? » in the repair flow (rights). */
  repairOrReplace: ComponentType<{ appliance: Appliance }>;
  /** The home's « N appareils encore sous garantie » (rights). */
  guaranteeSummary: ComponentType;
  /** The home's badges: mine, then those still to earn (badges). */
  homeBadges: ComponentType;
  /** The profile's « Mes notifications » (notifications). */
  notificationPreferences: ComponentType;
  /** The profile's CSV export and import cards (inventory-csv). */
  inventoryCsv: ComponentType;
  /** The profile's way to the QR labels (labels). */
  labelsCard: ComponentType;
  /** The profile's « Dossier d’inventaire » and its read-only links (dossier). */
  inventoryDossier: ComponentType;
  /** The ADEME « Que faire de mes objets » map, centred on the user's address (repairers). */
  circularMap: ComponentType<CircularMapProps>;
  /** The products a maintenance reminder needs (maintenance). */
  neededProducts: ComponentType<{ productId: number | null; cardId: number | null }>;
  /** The new-device wizard's « Scanner l’étiquette énergie » (identification). */
  energyLabelScanner: ComponentType<EnergyLabelScannerProps>;
  /** The appliance page's consumption, yearly cost and label scan (identification). */
  applianceEnergy: ComponentType<{ appliance: Appliance }>;
  /** The terms of use in a dialog, opened from the public pages' footer (info); `preload` fetches its code ahead of a click. */
  cguDialog: ComponentType<{ opened: boolean; onClose: () => void }> & { preload?: () => unknown };
}

/** What an energy label's QR code or a barcode identified, as an appliance's fields. */
export interface IdentifiedFields {
  marque: string | null;
  modele: string | null;
  classenergie: string | null;
  energy_kwh_year: number | null;
  eprel_number: string | null;
  ean: string | null;
  /** The reference product (products.json slug) the label's product group suggests. */
  productSlug: string | null;
}

export interface EnergyLabelScannerProps {
  /** « Utiliser ces informations »: nothing is saved yet, the caller shows them to confirm. */
  onUse: (fields: IdentifiedFields) => void;
  /** Nothing read, nothing found or no answer: the caller turns to the manual form and shows `message`. */
  onFailure: (message: string) => void;
  onManual: () => void;
}

export interface CircularMapProps {
  actions?: readonly string[];
  bonusOnly?: boolean;
  france?: boolean;
  title: string;
  intro?: string;
}

const SlotsContext = createContext<Partial<Slots>>({});
const Empty = () => null;

/** Fills slots for what it wraps (nested providers add to their parent's). */
export function SlotsProvider({ slots, children }: { slots: Partial<Slots>; children: ReactNode }) {
  const parent = useContext(SlotsContext);
  const value = useMemo(() => ({ ...parent, ...slots }), [parent, slots]);
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

/** The component that fills a slot, or one that shows nothing. */
export function useSlot<K extends keyof Slots>(name: K): Slots[K] {
  return useContext(SlotsContext)[name] ?? (Empty as Slots[K]);
}

/** Whether a slot is filled here (a page offers what the slot does only then: the wizard's scan button). */
export function useHasSlot(name: keyof Slots): boolean {
  return Boolean(useContext(SlotsContext)[name]);
}

/** A page with its slots filled: what a route shows (`app/pages/`). */
export function withSlots<P extends object>(Page: ComponentType<P>, slots: Partial<Slots>): ComponentType<P> {
  const Filled = (props: P) => (
    <SlotsProvider slots={slots}>
      <Page {...props} />
    </SlotsProvider>
  );
  Filled.displayName = `withSlots(${Page.displayName ?? Page.name})`;
  return Filled;
}
