import { NativeSelect } from '@mantine/core';
import { useSession } from '../../auth/api/use-session.ts';
import { useFoyer } from '../api/foyer.ts';

/** The members who can see to a task (a lecteur only reads), `me` first. */
export function useAssignees() {
  const session = useSession();
  const members = (useFoyer().data?.membres ?? []).filter((m) => m.role !== 'lecteur');
  return [...members.filter((m) => m.userId === session?.id), ...members.filter((m) => m.userId !== session?.id)];
}

/** The first name of who sees to a task, « vous » for oneself; null when nobody is assigned or unknown. */
export function useAssigneeName(assigneeId: number | null): string | null {
  const session = useSession();
  const member = useFoyer().data?.membres.find((m) => m.userId === assigneeId);
  if (!assigneeId || !member) return null;
  return member.userId === session?.id ? 'vous' : member.prenom;
}

/**
 * « Qui s'en occupe ? »: a member, or the whole foyer (every member gets the reminders).
 * Shown only where there is a choice: a foyer with several members who can do the task.
 */
export function AssigneeSelect({
  value,
  onChange,
  size,
}: {
  value: number | null;
  onChange: (assigneeId: number | null) => void;
  size?: 'xs' | 'sm';
}) {
  const session = useSession();
  const assignees = useAssignees();
  if (assignees.length < 2) return null;
  return (
    <NativeSelect
      label="Qui s’en occupe ?"
      size={size}
      value={value ? String(value) : ''}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      data={[
        { value: '', label: 'Tout le foyer (chacun reçoit le rappel)' },
        ...assignees.map((m) => ({ value: String(m.userId), label: m.userId === session?.id ? `Moi (${m.prenom})` : m.prenom })),
      ]}
    />
  );
}
