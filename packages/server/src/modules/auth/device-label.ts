import Bowser from 'bowser';

/**
 * What a person recognises of a device in « Mes appareils connectés »: the browser and the system
 * (« Chrome sur Android »), read from the User-Agent by a maintained parser.
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} sur ${os}`;
  return browser ?? os ?? 'Appareil inconnu';
}
