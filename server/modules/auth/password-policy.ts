// What a password must be, as one message a person can act on.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN) return `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Ensure this field has no more than ${PASSWORD_MAX} characters.`;
  if (/^\d+$/.test(password)) return "This password is entirely numeric.";
  if (!/[A-Za-z]/.test(password) || !/[^A-Za-z]/.test(password)) return "Use letters and at least one number or symbol.";
  if (email && password.toLowerCase().includes(email.split("@")[0].toLowerCase()) && email.split("@")[0].length >= 4)
    return "The password is too similar to the e-mail address.";
  return null;
}
