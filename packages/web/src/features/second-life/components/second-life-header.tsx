import { Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { useSecondLifeDevice } from './use-second-life-device.ts';

/** The device the page is about, with its family (the advice depends on it). */
export function SecondLifeHeader({ device }: { device: ReturnType<typeof useSecondLifeDevice> }) {
  const a = device.appliance.data;
  if (!device.name) return null;
  return (
    <Paper withBorder radius="lg" p="sm">
      <Group gap="sm" wrap="nowrap">
        <Image
          src={a?.pict ?? device.product?.pict ?? '/logo.svg'}
          alt=""
          w={56}
          h={56}
          fit="contain"
          radius="md"
          bg="var(--mantine-color-eco-0)"
        />
        <Stack gap={2}>
          <Text fw={700}>{device.name}</Text>
          <Group gap={6}>
            {device.product && <Badge variant="light">{device.product.prodName}</Badge>}
            <Badge variant="outline" color="gray.7">
              {device.familyLabel}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
