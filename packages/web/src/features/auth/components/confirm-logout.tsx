import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@ecofoyer/contracts';
import { useLogout } from '../api/use-logout.ts';

/** product §4: logout from the profile or the Options menu asks for confirmation. */
export function ConfirmLogout({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logout = useLogout();
  return (
    <Modal opened={opened} onClose={onClose} title={MSG.logoutConfirmTitle} centered>
      <Text>{MSG.logoutConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Annuler
        </Button>
        <Button
          color="red.9"
          onClick={() => {
            onClose();
            logout();
          }}
        >
          Déconnecter
        </Button>
      </Group>
    </Modal>
  );
}
