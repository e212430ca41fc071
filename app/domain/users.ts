// User rules both the server and the browser need (no I/O here).

export type Role = 'admin' | 'user';

export function isAdmin(user: { role: string }): boolean {
  return user.role === 'admin';
}

/** First name, or else the e-mail: how the header and dashboard greet a user. */
export function displayName(user: { firstName: string | null; email: string }): string {
  return user.firstName?.trim() || user.email;
}
