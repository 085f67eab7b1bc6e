import type { UserRole } from '@brokerwise/api-contract';

export type StaffRole = Exclude<UserRole, 'user'>;
const RANK: Record<UserRole, number> = { user: 0, moderator: 1, admin: 2 };

/** Whether `role` is `least` or above (an admin may do all a moderator may). Display only: the gateway decides. */
export const hasRole = (role: UserRole | undefined, least: StaffRole): boolean => RANK[role ?? 'user'] >= RANK[least];

/**
 * The admin screens, in the order of the one admin navigation and the account menu: moderators
 * see the moderation screens, admins all of them (each page answers 404 to anyone else).
 */
export const ADMIN_SECTIONS = [
  { to: '/admin/dashboard', messageId: 'adminDashboard.page.title', least: 'moderator', testId: 'admin-dashboard-link' },
  { to: '/admin/users', messageId: 'admin.nav.users', least: 'moderator', testId: 'admin-users-link' },
  { to: '/admin/moderation', messageId: 'moderation.page.title', least: 'moderator', testId: 'admin-moderation-link' },
  { to: '/admin/reviews', messageId: 'header.account.admin', least: 'moderator', testId: 'admin-link' },
  { to: '/admin/appeals', messageId: 'admin.nav.appeals', least: 'moderator', testId: 'admin-appeals-link' },
  { to: '/admin/complaints', messageId: 'admin.nav.complaints', least: 'moderator', testId: 'admin-complaints-link' },
  { to: '/admin/company-replies', messageId: 'adminReplies.page.title', least: 'moderator', testId: 'admin-replies-link' },
  { to: '/admin/companies', messageId: 'companyAdmin.page.title', least: 'admin', testId: 'admin-companies-link' },
  { to: '/admin/representatives', messageId: 'adminClaims.page.title', least: 'admin', testId: 'admin-representatives-link' },
  { to: '/admin/promotions', messageId: 'header.account.promotions', least: 'admin', testId: 'admin-promotions-link' },
  { to: '/admin/notices', messageId: 'adminNotice.page.title', least: 'admin', testId: 'admin-notices-link' },
  { to: '/admin/trader-applications', messageId: 'trader.admin.menu', least: 'admin', testId: 'admin-trader-link' },
  { to: '/admin/audit', messageId: 'auditLog.page.title', least: 'moderator', testId: 'admin-auditlog-link' },
] as const satisfies readonly { to: string; messageId: string; least: StaffRole; testId: string }[];

export const sectionsFor = (role: UserRole | undefined) => ADMIN_SECTIONS.filter((s) => hasRole(role, s.least));
