const DAY_FR = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** The last day an invitation can be accepted, in French (« 4 décembre 2026 »), Paris time. */
export const expiryFr = (expire: string) => DAY_FR.format(new Date(expire));
