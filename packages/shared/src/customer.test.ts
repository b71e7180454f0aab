import { describe, expect, it } from 'vitest';
import { PasswordChangeFormSchema, ProfileUpdateSchema } from './customer.js';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('profile rules', () => {
  it('takes male, female, other, or not set (empty or absent) for gender', () => {
    for (const gender of ['male', 'female', 'other'] as const) {
      expect(ProfileUpdateSchema.parse({ name: 'Ann', gender }).gender).toBe(gender);
    }
    expect(ProfileUpdateSchema.parse({ name: 'Ann', gender: '' }).gender).toBeNull();
    expect(ProfileUpdateSchema.parse({ name: 'Ann', gender: '  ' }).gender).toBeNull();
    expect(ProfileUpdateSchema.parse({ name: 'Ann' }).gender).toBeNull();
    expect(messageOf(ProfileUpdateSchema.safeParse({ name: 'Ann', gender: 'Male' }))).toBe(
      'Gender must be male, female, other or not set',
    );
  });

  it('trims the address, keeps an empty one as not set, and caps it at 500 characters', () => {
    expect(ProfileUpdateSchema.parse({ name: 'Ann', address: '  1 Main St  ' }).address).toBe(
      '1 Main St',
    );
    expect(ProfileUpdateSchema.parse({ name: 'Ann', address: '' }).address).toBeNull();
    expect(
      ProfileUpdateSchema.parse({ name: 'Ann', address: 'a'.repeat(500) }).address,
    ).toHaveLength(500);
    expect(
      messageOf(ProfileUpdateSchema.safeParse({ name: 'Ann', address: 'a'.repeat(501) })),
    ).toBe('Address must be at most 500 characters');
    expect(messageOf(ProfileUpdateSchema.safeParse({ name: 'Ann', address: 42 }))).toBe(
      'Address must be text',
    );
  });

  it('needs a name', () => {
    expect(messageOf(ProfileUpdateSchema.safeParse({}))).toBe('Name is required');
    expect(messageOf(ProfileUpdateSchema.safeParse({ name: '  ' }))).toBe('Name is required');
  });
});

describe('password change form', () => {
  it('refuses a confirmation that does not match, before any call', () => {
    const result = PasswordChangeFormSchema.safeParse({
      previous_password: 'old password',
      new_password: 'new password 1',
      confirm_password: 'new password 2',
    });
    expect(messageOf(result)).toBe('New password and confirm password do not match');
  });

  it('follows the sign-up rule for the new password', () => {
    const result = PasswordChangeFormSchema.safeParse({
      previous_password: 'old password',
      new_password: 'short',
      confirm_password: 'short',
    });
    expect(messageOf(result)).toBe('Password must be at least 8 characters');
  });
});
