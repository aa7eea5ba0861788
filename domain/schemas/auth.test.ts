import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { fieldErrors } from './validate';
import { loginInput, passwordChangeInput, passwordResetInput, passwordResetRequestInput, profileInput, registerInput } from './auth';

function errorsOf(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('loginInput', () => {
  it('requires the e-mail and the password', () => {
    expect(errorsOf(loginInput, { email: '', password: '' })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(errorsOf(loginInput, {})).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
  });

  it('checks the address pattern and the 6-character minimum', () => {
    expect(errorsOf(loginInput, { email: 'pas-une-adresse', password: '12345' })).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordMin,
    });
    expect(errorsOf(loginInput, { email: 'a@b', password: '123456' })).toEqual({ email: MSG.emailInvalid });
  });

  it("refuses a password longer than better-auth's limit", () => {
    expect(errorsOf(loginInput, { email: 'a@b.fr', password: 'x'.repeat(129) })).toEqual({ password: MSG.passwordMax });
    expect(errorsOf(loginInput, { email: 'a@b.fr', password: 'x'.repeat(128) })).toEqual({});
  });

  it('trims and lower-cases the e-mail', () => {
    expect(loginInput.parse({ email: '  Admin@Example.COM ', password: 'demo1234' }).email).toBe('admin@example.com');
  });
});

describe('registerInput', () => {
  const valid = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a complete form', () => {
    expect(registerInput.safeParse(valid).success).toBe(true);
  });

  it('gives every required-field message', () => {
    expect(errorsOf(registerInput, { firstName: ' ', lastName: '', email: '', password: '', confirmPassword: '' })).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(errorsOf(registerInput, { ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: MSG.passwordsMismatch,
    });
  });

  it('ignores a role sent by the client', () => {
    expect(registerInput.parse({ ...valid, role: 'admin' })).not.toHaveProperty('role');
  });
});

describe('profileInput', () => {
  it('requires first and last name after trimming', () => {
    expect(errorsOf(profileInput, { firstName: '  ', lastName: '' })).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    expect(profileInput.parse({ firstName: ' Léa ', lastName: ' Martin ' })).toEqual({ firstName: 'Léa', lastName: 'Martin' });
  });
});

describe('passwordChangeInput', () => {
  it('checks the new password length and the confirmation', () => {
    expect(errorsOf(passwordChangeInput, { currentPassword: 'x', newPassword: '123', confirmPassword: '123' })).toEqual({
      newPassword: MSG.passwordMin,
    });
    expect(errorsOf(passwordChangeInput, { currentPassword: 'x', newPassword: '123456', confirmPassword: '654321' })).toEqual({
      confirmPassword: MSG.passwordsMismatch,
    });
  });
});

describe('passwordResetRequestInput', () => {
  it("checks the address with the login page's messages and normalises it", () => {
    expect(errorsOf(passwordResetRequestInput, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(errorsOf(passwordResetRequestInput, { email: 'a@b' })).toEqual({ email: MSG.emailInvalid });
    expect(passwordResetRequestInput.parse({ email: ' Lea@Example.COM ' })).toEqual({ email: 'lea@example.com' });
  });
});

describe('passwordResetInput', () => {
  it('needs the link, and the registration rules for the new password', () => {
    expect(errorsOf(passwordResetInput, { token: '', newPassword: '', confirmPassword: '' })).toEqual({
      token: MSG.resetLinkMissing,
      newPassword: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
    expect(errorsOf(passwordResetInput, { token: 't', newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: MSG.passwordMin,
    });
    expect(errorsOf(passwordResetInput, { token: 't', newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: MSG.passwordsMismatch,
    });
    expect(errorsOf(passwordResetInput, { token: 't', newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({});
  });
});
