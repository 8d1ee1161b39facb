export const INVALID_EMAIL = 'Please enter a valid email address';
export const REQUIRED = 'Required';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
