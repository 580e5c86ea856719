import { MSG } from '@ecofoyer/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** UI brief "error" state: the French message and a way to retry (outlined: readable on the red alert). */
export function ErrorAlert({ title, message, onRetry }: { title?: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="outline" color="red.9" bg="white" onClick={onRetry}>
          {MSG.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
