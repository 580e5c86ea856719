import { applianceDetailPath } from '../../features/appliances/paths.ts';
import { ApplianceUpdatePage } from '../../features/appliances/pages/appliance-update-page.tsx';
import { writersOnly } from '../../features/foyer/components/writers-only.tsx';

/** An appliance's edit page; a lecteur who opens it by its address reads the appliance instead. */
export const ApplianceUpdate = writersOnly(ApplianceUpdatePage, (query) => applianceDetailPath(Number(query.get('id')) || 0));
