import { EnergyLabelScanner } from '../../features/identification/components/energy-label-scanner.tsx';
import { NewDevicePage } from '../../features/new-device/pages/new-device-page.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** The new-device wizard with « Scanner l’étiquette énergie » (lib/slots.tsx). */
export const NewDevice = withSlots(NewDevicePage, { energyLabelScanner: EnergyLabelScanner });
