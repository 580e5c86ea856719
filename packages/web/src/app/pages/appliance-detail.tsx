import { ApplianceDetailPage } from '../../features/appliances/pages/appliance-detail-page.tsx';
import { RightsSection } from '../../features/rights/components/rights-section.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** The appliance page with its « Mes droits » section (lib/slots.tsx). */
export const ApplianceDetail = withSlots(ApplianceDetailPage, { applianceRights: RightsSection });
