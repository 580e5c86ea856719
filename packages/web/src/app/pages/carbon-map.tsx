import { CarbonMapPage } from '../../features/carbon/pages/carbon-map-page.tsx';
import { CircularMap } from '../../features/repairers/components/circular-map.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /carbomap: the circular-economy map (lib/slots.tsx). */
export const CarbonMap = withSlots(CarbonMapPage, { circularMap: CircularMap });
