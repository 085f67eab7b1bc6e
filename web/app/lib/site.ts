/**
 * Fixed addresses of the site. Kept free of imports so the QR generator (web/scripts/generate-qr.ts)
 * encodes exactly what the header shows.
 */
export const SUPPORT_EMAIL = 'support@brokerwise.example';
export const CUSTOMER_SERVICE_URL = `mailto:${SUPPORT_EMAIL}`;
/** The traders' group lives in the companion chat app. */
export const GROUP_URL = 'https://brokerwise.example/TraderChat#group';

export const QR_IMAGES = {
  customerService: { path: '/qr/customer-service.svg', url: CUSTOMER_SERVICE_URL },
  group: { path: '/qr/group.svg', url: GROUP_URL },
} as const;

export const SOCIAL_LINKS = [
  { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/brokerwise' },
  { id: 'x', label: 'X', href: 'https://x.com/brokerwise' },
  { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@brokerwise' },
  { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/brokerwise' },
  { id: 'telegram', label: 'Telegram', href: 'https://t.me/brokerwise' },
] as const;

/** Routes that show neither header nor footer (spec §2). */
export const BARE_ROUTES: ReadonlySet<string> = new Set(['/login', '/register', '/retrievePassword']);
