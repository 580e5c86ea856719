import type { Appliance, Event } from '@ecofoyer/contracts';
import { ApplianceDetailPage } from '../../features/appliances/pages/appliance-detail-page.tsx';
import { ApplianceClaims } from '../../features/claims/components/appliance-claims.tsx';
import { ApplianceEnergySection } from '../../features/identification/components/appliance-energy-section.tsx';
import { RecallBanners } from '../../features/recalls/components/recall-banners.tsx';
import { RightsSection } from '../../features/rights/components/rights-section.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** « Mes droits », then « Ma démarche » that acts on them. */
function RightsAndClaims(props: { appliance: Appliance; events: Event[] }) {
  return (
    <>
      <RightsSection {...props} />
      <ApplianceClaims {...props} />
    </>
  );
}

/** The appliance page with its « Mes droits » and « Ma démarche » sections, its product recalls and its « Consommation et coût » (lib/slots.tsx). */
export const ApplianceDetail = withSlots(ApplianceDetailPage, {
  applianceRights: RightsAndClaims,
  applianceRecalls: RecallBanners,
  applianceEnergy: ApplianceEnergySection,
});
