import { describe, expect, it } from 'vitest';
import { MSG, PASSWORD_RULE_LABELS } from './messages.fr.ts';
import { passwordChecks, passwordError, stripAngleBrackets, textareaRows, validateLogin, validateRegistration } from './validation.ts';
import { priceError, RightsFields } from './appliances.ts';

const valid = { firstname: 'Camille', lastname: 'Durand', email: 'camille@exemple.fr', password: 'Secret1!', confirmPassword: 'Secret1!' };

describe('password rule (product §5)', () => {
  it.each([
    ['Secret1!', { length: true, case: true, digit: true, special: true }],
    ['Sec1!', { length: false, case: true, digit: true, special: true }],
    ['secret1!', { length: true, case: false, digit: true, special: true }],
    ['SECRET1!', { length: true, case: false, digit: true, special: true }],
    ['Secrets!', { length: true, case: true, digit: false, special: true }],
    ['Secret12', { length: true, case: true, digit: true, special: false }],
    ['Secret1#', { length: true, case: true, digit: true, special: false }],
  ])('checks %s', (password, expected) => {
    expect(passwordChecks(password)).toEqual(expected);
  });

  it('accepts each of the special characters @$!%*?&', () => {
    for (const c of '@$!%*?&') expect(passwordError(`Secret1${c}`)).toBeNull();
  });

  it('lists each missing item after "Votre mot de passe doit contenir :"', () => {
    expect(passwordError('abc')).toBe(
      `${MSG.passwordMustContain} ${[
        PASSWORD_RULE_LABELS.length,
        PASSWORD_RULE_LABELS.case,
        PASSWORD_RULE_LABELS.digit,
        PASSWORD_RULE_LABELS.special,
      ]
        .map((s) => s.toLowerCase())
        .join(', ')}.`,
    );
    expect(passwordError('Secretss1')).toBe(`${MSG.passwordMustContain} ${PASSWORD_RULE_LABELS.special.toLowerCase()}.`);
  });
});

describe('registration (product §5)', () => {
  it('accepts a valid form', () => {
    expect(validateRegistration(valid)).toEqual([]);
  });

  it('checks the password match first, alone', () => {
    expect(validateRegistration({ ...valid, firstname: '', email: 'x', confirmPassword: 'Autre1!x' })).toEqual([
      { field: 'confirmPassword', message: 'Les mots de passe ne correspondent pas.' },
    ]);
  });

  it('requires first and last name, 3 to 20 characters', () => {
    expect(validateRegistration({ ...valid, firstname: '  ', lastname: '' }).map((e) => e.message)).toEqual([
      'Veuillez entrer votre prénom',
      'Veuillez entrer votre nom',
    ]);
    expect(validateRegistration({ ...valid, firstname: 'Al', lastname: 'x'.repeat(21) }).map((e) => e.message)).toEqual([
      'Votre prénom doit contenir entre 3 et 20 caractères.',
      'Votre nom doit contenir entre 3 et 20 caractères.',
    ]);
    expect(validateRegistration({ ...valid, firstname: 'Léa', lastname: 'x'.repeat(20) })).toEqual([]);
  });

  it('requires a valid email', () => {
    expect(validateRegistration({ ...valid, email: '' })).toEqual([{ field: 'email', message: 'Veuillez entrer votre adresse e-mail.' }]);
    for (const email of ['camille', 'camille@', 'camille@exemple', 'cam ille@exemple.fr']) {
      expect(validateRegistration({ ...valid, email })).toEqual([
        { field: 'email', message: 'Veuillez entrer une adresse e-mail valide.' },
      ]);
    }
  });

  it('reports every error in the order of the spec', () => {
    expect(
      validateRegistration({ firstname: '', lastname: 'Al', email: 'x', password: 'a', confirmPassword: 'a' }).map((e) => e.field),
    ).toEqual(['firstname', 'lastname', 'email', 'password']);
  });
});

describe('login (product §5)', () => {
  it('requires both fields, then non-empty after trimming', () => {
    expect(validateLogin({ email: '', password: '' }).map((e) => e.message)).toEqual([
      '* Email est obligatoire',
      '* Mot de passe est obligatoire',
    ]);
    expect(validateLogin({ email: '   ', password: ' ' }).map((e) => e.message)).toEqual([
      'Ce champ est requis !',
      'Ce champ est requis !',
    ]);
    expect(validateLogin({ email: 'a@b.fr', password: 'x' })).toEqual([]);
  });
});

describe('text helpers (product §5)', () => {
  it('strips < and > from universe names', () => {
    expect(stripAngleBrackets('<b>Cuisine</b> > salon')).toBe('bCuisine/b  salon');
  });
  it('grows a textarea by one row per 30 characters, at most 10', () => {
    expect(textareaRows('')).toBe(1);
    expect(textareaRows('x'.repeat(30))).toBe(1);
    expect(textareaRows('x'.repeat(31))).toBe(2);
    expect(textareaRows('x'.repeat(1000))).toBe(10);
  });
});

describe('purchase price', () => {
  it('takes a price as people type it, the same in the forms and in the API', () => {
    for (const ok of ['', '  ', '349,90', '1 299', '12.5', '0']) expect(priceError(ok), ok).toBeNull();
    expect(RightsFields.shape.prix_achat.parse('1 299,90')).toBe(1299.9);
    expect(RightsFields.shape.prix_achat.parse(' ')).toBeNull();
  });

  it('refuses what is not a price, with the form message', () => {
    for (const bad of ['abc', '1e3', '12,345', '-5', '12 €', '99999999']) expect(priceError(bad), bad).toBe(MSG.priceInvalid);
    expect(RightsFields.shape.prix_achat.safeParse('1e3').success).toBe(false);
  });
});
