import { CircularMap } from '../../features/repairers/components/circular-map.tsx';
import { GivePage, RecyclePage, SellPage } from '../../features/second-life/pages/second-life-guide-pages.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /secondlife/give, /sell, /recycle: each with the map of its places (lib/slots.tsx). */
const slots = { circularMap: CircularMap };
export const Give = withSlots(GivePage, slots);
export const Sell = withSlots(SellPage, slots);
export const Recycle = withSlots(RecyclePage, slots);
