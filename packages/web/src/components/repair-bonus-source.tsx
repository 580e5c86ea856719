import { dayFrOrdinal, REPAIR_BONUS_SCALE_SINCE, REPAIR_BONUS_SOURCE, repairBonusAsOfFr } from '@ecofoyer/contracts';
import { Anchor, Text } from '@mantine/core';

const NBSP = '\u00a0';

/**
 * Said beside every repair-bonus amount the app shows: the day the amounts were checked, the scale
 * they come from and the official page (docs/facts.md, « Repair bonus »).
 */
export function RepairBonusSource() {
  return (
    // The alert's own text colour, not « dimmed »: it is read on a green alert as well as on white (contrast).
    <Text size="xs" data-testid="repair-bonus-source">
      {repairBonusAsOfFr()}
      {NBSP}: barème en vigueur depuis le {dayFrOrdinal(REPAIR_BONUS_SCALE_SINCE)}, le dernier publié trouvé ce jour-là{NBSP}; le réparateur
      labellisé confirme le montant. Source{NBSP}:{' '}
      <Anchor href={REPAIR_BONUS_SOURCE.url} target="_blank" rel="noopener noreferrer" size="xs" underline="always" c="inherit">
        {REPAIR_BONUS_SOURCE.label}
      </Anchor>
      .
    </Text>
  );
}
