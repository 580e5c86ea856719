import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_MSG, DIGEST_HOUR_PARIS, longDateFr, MAIL_CONTACT, parisDay, REMINDER } from '@ecofoyer/contracts';
import type { MailMessage } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The signature of a member's unsubscribe link: stateless and without expiry (a link in a mail from
 * last year must still work), bound to the account by the server's secret.
 */
export function unsubscribeSignature(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url').slice(0, 32);
}

export function validUnsubscribe(secret: string, userId: number, sig: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Links {
  appUrl: string;
  secret: string;
  userId: number;
  /** The instance's contact address (EDITOR_EMAIL): a line in the footer only when there is one. */
  contact: string | null;
}

/** The links every reminder mail carries: the preferences, and the one-click unsubscribe (RFC 8058). */
function links({ appUrl, secret, userId, contact }: Links) {
  const query = `u=${userId}&sig=${unsubscribeSignature(secret, userId)}`;
  return {
    contact,
    preferences: `${appUrl}/profile#notifications`,
    page: `${appUrl}/desabonnement?${query}`,
    oneClick: `${appUrl}/api/V1/notifs/desabonnement?${query}`,
  };
}

/** A mail in text and HTML, with its list headers: mail clients show « Se désabonner » and post to it. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  items: string[],
  action: { label: string; url: string },
  l: ReturnType<typeof links>,
): MailMessage {
  const contactLine = l.contact ? MAIL_CONTACT.line(l.contact) : null;
  const footer = [
    API_MSG.reminderMailWhy,
    `${API_MSG.reminderMailPreferences} : ${l.preferences}`,
    `${API_MSG.reminderMailUnsubscribe} : ${l.page}`,
    ...(contactLine ? [contactLine] : []),
  ].join('\n');
  const text = [
    ...paragraphs,
    ...(items.length ? [items.map((i) => `- ${i}`).join('\n')] : []),
    `${action.label} : ${action.url}`,
    '--',
    footer,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f7f4;font-family:Arial,Helvetica,sans-serif;color:#1f2d25">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#2b7a4b">EcoFoyer</p>
${paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${items.length ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : ''}
<p style="margin:20px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2b7a4b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<hr style="border:none;border-top:1px solid #dde5df;margin:24px 0 12px">
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b6b61">${escapeHtml(API_MSG.reminderMailWhy)}<br>
<a href="${escapeHtml(l.preferences)}" style="color:#2b7a4b">${escapeHtml(API_MSG.reminderMailPreferences)}</a> · <a href="${escapeHtml(l.page)}" style="color:#2b7a4b">${escapeHtml(API_MSG.reminderMailUnsubscribe)}</a>${contactLine ? `<br>${escapeHtml(contactLine)}` : ''}</p>
</div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${l.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The page of an appliance (the web app's route), where a recall shows until handled. */
export const applianceUrl = (applianceId: number) => `/inventaire/univers/appliance/fichedetail?id=${applianceId}`;

/** The page of a claim (« Ma démarche »: the web app's route). */
export const claimUrl = (claimId: number) => `/demarches/${claimId}`;

interface Target {
  id: number;
  type: string;
  appliance_id?: number | null;
  event_id?: number | null;
  claim_id?: number | null;
}

/**
 * Where a notification leads (the push's and the mail's button): a claim left unanswered, the claim;
 * a recall, its appliance's page; a maintenance reminder, the task itself in the notifications
 * (marked done from there); else the list.
 */
export const notificationUrl = (notification: Target) =>
  notification.claim_id
    ? claimUrl(notification.claim_id)
    : notification.appliance_id
      ? applianceUrl(notification.appliance_id)
      : notification.type === 'MAINTENANCE' && notification.event_id
        ? `/notification?id=${notification.id}`
        : '/notification';

/** A reminder as it happens (e-mail « à chaque rappel »): the notification's own title and message. */
export function reminderMail(to: string, notification: Target & { title: string; message: string }, at: Links): MailMessage {
  const l = links(at);
  const action = notification.claim_id
    ? { label: REMINDER.openClaim, url: `${at.appUrl}${claimUrl(notification.claim_id)}` }
    : notification.type === 'RAPPEL' && notification.appliance_id
      ? { label: 'Voir l’appareil', url: `${at.appUrl}${applianceUrl(notification.appliance_id)}` }
      : notification.type === 'GARANTIE'
        ? { label: 'Voir mes appareils', url: `${at.appUrl}/inventaire` }
        : notification.event_id
          ? { label: REMINDER.openTask, url: `${at.appUrl}${notificationUrl(notification)}` }
          : { label: 'Ouvrir mon calendrier', url: `${at.appUrl}/calendar` };
  return compose(to, notification.title, [notification.message], [], action, l);
}

/** Several maintenance reminders of one member made at once (an import's tasks falling due together): one mail listing them. */
export function groupedReminderMail(to: string, reminders: { title: string; message: string }[], at: Links): MailMessage {
  const { title } = REMINDER.grouped(
    reminders.length,
    reminders.map((r) => r.title),
  );
  return compose(
    to,
    title,
    [],
    reminders.map((r) => r.message),
    { label: REMINDER.openAll, url: `${at.appUrl}/notification` },
    links(at),
  );
}

export interface DigestTask {
  title: string;
  dt_realisation: Date;
  appliance_name: string | null;
  overdue: boolean;
}

/**
 * The Sunday-evening digest: the week's tasks for this member (theirs and the whole foyer's), late
 * ones first, then the guarantees ending soon told this week (a quiet week sends none).
 */
export function digestMail(
  to: string,
  prenom: string,
  tasks: DigestTask[],
  guarantees: { title: string; message: string }[],
  at: Links,
): MailMessage {
  const l = links(at);
  const plural = (n: number, word: string) => (n === 0 ? null : `${n} ${word}${n > 1 ? 's' : ''}`);
  const count = [plural(tasks.length, 'entretien'), plural(guarantees.length, 'garantie')].filter(Boolean).join(', ');
  const items = [
    ...tasks.map(
      (t) =>
        `${t.overdue ? 'En retard — ' : ''}${longDateFr(t.dt_realisation)} : ${t.title}${t.appliance_name ? ` (${t.appliance_name})` : ''}`,
    ),
    ...guarantees.map((g) => `${g.title}. ${g.message}`),
  ];
  return compose(
    to,
    API_MSG.digestMailSubject(count),
    [API_MSG.digestMailIntro(prenom)],
    items,
    { label: 'Ouvrir mon calendrier', url: `${at.appUrl}/calendar` },
    l,
  );
}

const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', hourCycle: 'h23' });

/**
 * The Sunday a digest is due for (YYYY-MM-DD, Paris), or null: from DIGEST_HOUR_PARIS on Sunday to
 * the end of that Sunday, French time, whatever the server's own zone and the change of hour.
 */
export function digestWeek(now: Date): string | null {
  const parts = Object.fromEntries(PARIS_PARTS.formatToParts(now).map((p) => [p.type, p.value]));
  if (parts.weekday !== 'Sun' || Number(parts.hour) < DIGEST_HOUR_PARIS) return null;
  return parisDay(now);
}
