import { ApplianceDetailPage } from '../../features/appliances/pages/appliance-detail-page.tsx';
import { ApplianceEnergySection } from '../../features/identification/components/appliance-energy-section.tsx';
import { RecallBanners } from '../../features/recalls/components/recall-banners.tsx';
import { RightsSection } from '../../features/rights/components/rights-section.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** The appliance page with its « Mes droits » section, its product recalls and its « Consommation et coût » (lib/slots.tsx). */
export const ApplianceDetail = withSlots(ApplianceDetailPage, {
  applianceRights: RightsSection,
  applianceRecalls: RecallBanners,
  applianceEnergy: ApplianceEnergySection,
});
