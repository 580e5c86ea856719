export * from './constants.ts';
export * from './messages.fr.ts';
export * from './validation.ts';
export * from './errors.ts';
export * from './auth.ts';
