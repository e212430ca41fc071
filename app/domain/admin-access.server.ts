import type { PublicUser } from './accounts.server';
import { DomainError } from './errors';
import { isAdmin } from './users';

// What every admin function shares: the check that the actor is an admin, and one page of a list.

export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

export type AdminActor = Pick<PublicUser, 'id' | 'email' | 'role'>;

export function assertAdmin(actor: AdminActor) {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
}

export type PageRequest = { page: number; limit: number };
export type Page<T> = {
  items: T[];
  page: number;
  limit: number;
  total: number;
  pageCount: number;
};

export function pageOf<T>(items: T[], total: number, { page, limit }: PageRequest): Page<T> {
  return { items, page, limit, total, pageCount: Math.max(1, Math.ceil(total / limit)) };
}

export const skip = ({ page, limit }: PageRequest) => (page - 1) * limit;

/** A user as admin lists name them. */
export type UserRef = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
};
export const userRefSelect = { id: true, email: true, firstName: true, lastName: true } as const;
