/** The header's menu (spec §2), shared by the desktop bar and the mobile drawer. */
export interface NavLinkItem {
  kind: 'link';
  messageId: string;
  to: `/${string}`;
}
export interface NavMenu {
  kind: 'menu';
  messageId: string;
  items: { messageId: string; to: `/${string}` }[];
}
export type NavEntry = NavLinkItem | NavMenu;

export const NAV: NavEntry[] = [
  { kind: 'link', messageId: 'header.nav.home', to: '/' },
  {
    kind: 'menu',
    messageId: 'header.nav.reviews',
    items: [
      { messageId: 'header.nav.brokers', to: '/listing/Brokers' },
      { messageId: 'header.nav.fintech', to: '/listing/FinTech' },
      { messageId: 'header.nav.liquidity', to: '/listing/Lp' },
      { messageId: 'header.nav.payment', to: '/listing/Pay' },
    ],
  },
  {
    kind: 'menu',
    messageId: 'header.nav.ranking',
    items: [
      { messageId: 'header.nav.topBrokers', to: '/topbrokers' },
      { messageId: 'header.nav.topTrader', to: '/trader/index' },
    ],
  },
  { kind: 'link', messageId: 'header.nav.promotions', to: '/promotion' },
  { kind: 'link', messageId: 'header.nav.traderTv', to: '/vlog/index' },
  { kind: 'link', messageId: 'header.nav.blog', to: '/vlog/blog' },
];
