import type { AdminUser, AdminUserList } from '../../../../api/contract/admin.ts';
import type { Role } from '../../../../engine/user.ts';

export type { AdminUser };
export type UsersAnswer = AdminUserList;

export const usersPath = (search: string): string => {
  const term = search.trim();
  return term ? `/api/admin/users?search=${encodeURIComponent(term)}` : '/api/admin/users';
};

/** The list after a grant: that user now has full access. */
export const withAccessGranted = (users: AdminUser[], id: string): AdminUser[] =>
  users.map((u) => (u.id === id ? { ...u, access: 'granted' } : u));

/** The role badge reads "admin" for admins and the role name for everyone else. */
export const roleBadgeClass = (role: Role): string => (role === 'admin' ? 'role-badge--admin' : `role-badge--${role}`);
