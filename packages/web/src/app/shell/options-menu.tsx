import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDotsVertical, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LogoutDialog } from './logout-dialog.tsx';
import { OPTIONS_NAV } from './nav-items.ts';

/** product §2, Options menu, as a dropdown (phone header). Loaded after the shell (app-layout.tsx). */
export function OptionsMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [logoutOpened, logoutModal] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={250} defaultOpened={defaultOpened}>
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} radius="xl" aria-label="Options">
            <IconDotsVertical size={24} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Options</Menu.Label>
          {OPTIONS_NAV.map((item) => (
            <Menu.Item key={item.to} component={Link} to={item.to} leftSection={<item.icon size={18} />}>
              {item.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red.9" leftSection={<IconLogout size={18} />} onClick={logoutModal.open}>
            Déconnecter
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LogoutDialog opened={logoutOpened} onClose={logoutModal.close} />
    </>
  );
}
