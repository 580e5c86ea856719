import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { outcomeOfError, PUSH_OUTCOME_FR, PUSH_STATE_FR, pushOutcomeMessage } from './push-status.ts';

describe('push opt-in outcomes', () => {
  it('never shows the browser’s English message: a refusal is « denied », anything else « failed »', () => {
    const refused = outcomeOfError(new DOMException('Registration failed - permission denied', 'NotAllowedError'));
    expect(refused).toEqual({ kind: 'denied' });
    expect(pushOutcomeMessage(refused)).toBe(PUSH_OUTCOME_FR.denied);
    const broken = outcomeOfError(new DOMException('Registration failed - push service error', 'AbortError'));
    expect(pushOutcomeMessage(broken)).toBe(PUSH_OUTCOME_FR.failed);
    expect(pushOutcomeMessage(outcomeOfError(new TypeError('Failed to fetch')))).toBe(PUSH_OUTCOME_FR.failed);
  });

  it('keeps our server’s French refusal, but not a 5xx or a network failure', () => {
    expect(
      pushOutcomeMessage(outcomeOfError(new ApiError(409, 'Cet abonnement aux notifications appartient à un autre compte.', 'CONFLICT'))),
    ).toBe('Cet abonnement aux notifications appartient à un autre compte.');
    expect(pushOutcomeMessage(outcomeOfError(new ApiError(503, 'Service Unavailable', 'X')))).toBe(PUSH_OUTCOME_FR.failed);
  });

  it('words every outcome and state in French', () => {
    for (const text of [...Object.values(PUSH_OUTCOME_FR), ...Object.values(PUSH_STATE_FR)]) {
      expect(text).not.toMatch(/\b(failed|error|permission denied|denied|registration|blocked|unsupported)\b/i);
    }
  });
});
