import { Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ComponentType, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useFoyer, useFoyerRole } from '../api/foyer.ts';

/** Said to a lecteur sent away from a page that only changes the household's data. */
export const READ_ONLY_NOTICE =
  'En tant que lecteur, vous consultez le foyer sans le modifier : demandez à son responsable de changer votre rôle.';

/** The end of a tutorial followed by a lecteur: nothing recorded, and why. */
export const READ_ONLY_DONE =
  'En tant que lecteur, vous suivez les tutoriels sans les enregistrer : un membre du foyer peut noter l’entretien.';
/** Under « Planifier cet entretien », greyed out for a lecteur. */
export const READ_ONLY_PLAN = 'En tant que lecteur, vous pouvez suivre ce tutoriel ; planifier l’entretien revient aux membres du foyer.';

/**
 * A page that only writes (the new-device wizard, an appliance's edit page): a lecteur who opens it
 * by its address is sent, before filling anything, to where the same thing is read (`readPath`), with
 * the reason; the others get the page once their role is known (no form flashes for a lecteur).
 */
export function writersOnly<P extends object>(Page: ComponentType<P>, readPath: (search: URLSearchParams) => string) {
  return function WritersOnly(props: P) {
    const role = useFoyerRole();
    // The household could not be read (offline, server down): the page itself, whose own reads and the
    // server's refusal of a lecteur's write say what is wrong — never a placeholder that waits forever.
    const unknown = useFoyer().isError;
    const { search } = useLocation();
    const lecteur = role === 'lecteur';
    useEffect(() => {
      if (lecteur) notifications.show({ id: 'read-only', color: 'orange', title: 'Lecture seule', message: READ_ONLY_NOTICE });
    }, [lecteur]);
    if (role === undefined && !unknown) return <Skeleton h={420} radius="lg" aria-label="Chargement…" />;
    if (lecteur) return <Navigate to={readPath(new URLSearchParams(search))} replace />;
    return <Page {...props} />;
  };
}
