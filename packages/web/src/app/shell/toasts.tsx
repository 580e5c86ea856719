import { Notifications } from '@mantine/notifications';

/** The toasts' container, loaded when the first toast is shown (app-layout.tsx). */
export function Toasts() {
  return <Notifications position="top-center" />;
}
