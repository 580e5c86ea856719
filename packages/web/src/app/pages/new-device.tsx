import { EnergyLabelScanner } from '../../features/identification/components/energy-label-scanner.tsx';
import { NewDevicePage } from '../../features/new-device/pages/new-device-page.tsx';
import { writersOnly } from '../../features/foyer/components/writers-only.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** The new-device wizard with « Scanner l’étiquette énergie » (lib/slots.tsx); a lecteur goes to the inventory. */
export const NewDevice = writersOnly(withSlots(NewDevicePage, { energyLabelScanner: EnergyLabelScanner }), () => '/inventaire');
