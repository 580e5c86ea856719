import { type Claim, claimNextSteps, parisDay } from '@ecofoyer/contracts';
import { List, Paper, Stack, Title } from '@mantine/core';

/** « Et ensuite ? »: what to do now with this claim (send it, wait, remind, the mediator, SignalConso, the conciliateur…). */
export function ClaimNextSteps({ claim }: { claim: Claim }) {
  const steps = claimNextSteps(claim, parisDay(new Date()));
  if (steps.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Et ensuite ?">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Et ensuite{'\u00a0'}?
        </Title>
        <List spacing="xs" size="sm" data-testid="claim-next-steps">
          {steps.map((s) => (
            <List.Item key={s.action}>{s.texte}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
