import { PASSWORD_RULE_LABELS, type PasswordRule, passwordChecks } from '@ecofoyer/contracts';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** product §5: the live checklist of the four password rules. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const checks = passwordChecks(password);
  return (
    <List id={id} spacing={4} size="sm" aria-label="Règles du mot de passe" aria-live="polite" center>
      {(Object.keys(PASSWORD_RULE_LABELS) as PasswordRule[]).map((rule) => (
        <List.Item
          key={rule}
          data-rule={rule}
          data-ok={checks[rule]}
          icon={
            <ThemeIcon color={checks[rule] ? 'eco' : 'gray'} size={20} radius="xl" aria-hidden>
              {checks[rule] ? <IconCheck size={14} /> : <IconX size={14} />}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={checks[rule] ? 'eco.8' : 'dimmed'}>
            {PASSWORD_RULE_LABELS[rule]}
            <span className="visually-hidden">{checks[rule] ? ' : respecté' : ' : à compléter'}</span>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
