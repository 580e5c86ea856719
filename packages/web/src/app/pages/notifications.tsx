import { NeededProducts } from '../../features/maintenance/components/needed-products.tsx';
import { NotificationsPage } from '../../features/notifications/pages/notifications-page.tsx';
import { withSlots } from '../../lib/slots.tsx';

/** /notification: a maintenance reminder lists the products its card needs (lib/slots.tsx). */
export const Notifications = withSlots(NotificationsPage, { neededProducts: NeededProducts });
