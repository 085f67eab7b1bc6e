// Apart from AccountMenu.tsx, which loads only for signed-in visitors (signed-in-header.ts): the
// account pages' side menu lists the same links.

/** The signed-in menu of spec §2, in order; Help has no target yet. */
export const ACCOUNT_LINKS = [
  { to: '/user/reviews', messageId: 'header.account.reviews' },
  { to: '/user/set', messageId: 'header.account.settings' },
  { to: '/user/vlog', messageId: 'header.account.blog' },
  { to: '/user/account', messageId: 'header.account.verify' },
  { to: '/trader/account', messageId: 'trader.menu.accounts' },
  { to: '/user/modifypassword', messageId: 'header.account.password' },
  { to: '/user/apikeys', messageId: 'apikeys.page.title' },
  { to: '/user/reports', messageId: 'myReports.page.title' },
  { to: '/user/complaints', messageId: 'complaints.mine.title' },
  { to: '/user/sanctions', messageId: 'sanctions.page.title' },
  { to: '/user/company', messageId: 'companyClaim.page.title' },
] as const;
