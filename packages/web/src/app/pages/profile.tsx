import { ProfilePage } from '../../features/auth/pages/profile-page.tsx';
import { InventoryCsvCards } from '../../features/inventory-csv/components/inventory-csv-cards.tsx';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /profile with « Mes notifications » and the CSV export and import cards (lib/slots.tsx). */
export const Profile = withSlots(ProfilePage, { inventoryCsv: InventoryCsvCards, notificationPreferences: NotificationPreferencesCard });
