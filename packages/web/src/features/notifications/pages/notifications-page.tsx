import { PlannedPage } from '../../../components/planned-page.tsx';

// Being written: replaced by the real page.
export function NotificationsPage() {
  return <PlannedPage title="Entretien" description="Bientôt." />;
}
