import { longDateFr } from '@ecofoyer/contracts';
import { localTimeZone } from './api/events.ts';

export const dayFr = (date: Date | string) => longDateFr(date, localTimeZone());
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
