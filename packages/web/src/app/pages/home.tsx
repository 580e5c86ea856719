import { HomePage } from '../../features/home/pages/home-page.tsx';
import { HomeBadges } from '../../features/badges/components/home-badges.tsx';
import { GuaranteeSummary } from '../../features/rights/components/guarantee-summary.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /home: the badges and the guarantees ending soon, from their features (lib/slots.tsx). */
export const Home = withSlots(HomePage, { homeBadges: HomeBadges, guaranteeSummary: GuaranteeSummary });
