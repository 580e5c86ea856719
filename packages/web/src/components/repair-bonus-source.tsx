import { dayFrOrdinal, REPAIR_BONUS_SCALE_SINCE, REPAIR_BONUS_SOURCE, repairBonusAsOfFr } from '@ecofoyer/contracts';
import { Anchor, Text } from '@mantine/core';

const NBSP = '\u00a0';

/**
 * Said beside every repair-bonus amount the app shows: the day the amounts were checked, the scale
 * they come from and the official page (docs/facts.md, « Repair bonus »).
 */
export function RepairBonusSource() {
  return (
    <Text size="xs" c="dimmed" data-testid="repair-bonus-source">
      {repairBonusAsOfFr()}
      {NBSP}: barème en vigueur depuis le {dayFrOrdinal(REPAIR_BONUS_SCALE_SINCE)}, le dernier publié trouvé ce jour-là ; le réparateur
      labellisé confirme le montant. Source{NBSP}:{' '}
      <Anchor href={REPAIR_BONUS_SOURCE.url} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
        {REPAIR_BONUS_SOURCE.label}
      </Anchor>
      .
    </Text>
  );
}
