import { RepairPage } from '../../features/assistant/pages/repair-page.tsx';
import { CircularMap } from '../../features/repairers/components/circular-map.tsx';
import { RepairOrReplaceCard } from '../../features/rights/components/repair-or-replace-card.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /repair: the chat with « Réparer ou remplacer ? » and the repairers' map (lib/slots.tsx). */
export const Repair = withSlots(RepairPage, { repairOrReplace: RepairOrReplaceCard, circularMap: CircularMap });
