import { ProfilePage } from '../../features/auth/pages/profile-page.tsx';
import { DossierCard } from '../../features/dossier/components/dossier-card.tsx';
import { InventoryCsvCards } from '../../features/inventory-csv/components/inventory-csv-cards.tsx';
import { LabelsCard } from '../../features/labels/components/labels-card.tsx';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /profile with « Mes notifications », the CSV export and import cards and the « Dossier d’inventaire » (lib/slots.tsx). */
export const Profile = withSlots(ProfilePage, {
  inventoryCsv: InventoryCsvCards,
  labelsCard: LabelsCard,
  inventoryDossier: DossierCard,
  notificationPreferences: NotificationPreferencesCard,
});
