import { describe, expect, it } from 'vitest';
import { MSG } from './messages.fr.ts';

describe('mail texts and the instance’s contact', () => {
  const mails = (contact: string | null) => [
    MSG.resetMailText('Camille', 'https://x/r', contact),
    MSG.emailConfirmMailText('Camille', 'https://x/c', contact),
    MSG.accountDeletedMailText('Camille', contact),
    MSG.credentialsMailText('Camille', 'both', 'new@exemple.fr', contact),
    MSG.foyerApprovalMailText('Camille', 'Alex', 'dominique@exemple.fr', 'Maison', 'https://x/p', contact),
    MSG.foyerInviteMailText('Alex', 'Maison', 'membre', 'https://x/i', 7, contact),
  ];

  it('give the contact address when one is configured', () => {
    for (const text of mails('aide@exemple.fr')) expect(text).toContain('aide@exemple.fr');
  });

  it('give none when none is configured: no « écrivez-nous » or « répondez » pointing nowhere', () => {
    for (const text of mails(null)) {
      expect(text).not.toMatch(/écrivez-nous|répondez|une question/i);
      expect(text).toMatch(/\n\nL’équipe EcoFoyer$/);
    }
  });
});
