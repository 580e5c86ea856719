import { type Claim, CLAIM_OUTCOME_LABELS, CLAIM_STATUS_LABELS } from '@ecofoyer/contracts';
import { Badge } from '@mantine/core';

/** « Préparée », « Envoyée », or how it ended (« Réparé », « Refusé »…), never cut short beside a long name. */
export function ClaimStatus({ claim }: { claim: Pick<Claim, 'statut' | 'issue'> }) {
  if (claim.statut === 'terminee' && claim.issue)
    return (
      <Badge variant="light" color={claim.issue === 'refusee' ? 'gray' : 'eco'} style={{ flexShrink: 0 }}>
        {CLAIM_OUTCOME_LABELS[claim.issue]}
      </Badge>
    );
  return (
    <Badge variant="outline" color={claim.statut === 'envoyee' ? 'blue.9' : 'gray.8'} style={{ flexShrink: 0 }}>
      {CLAIM_STATUS_LABELS[claim.statut]}
    </Badge>
  );
}
