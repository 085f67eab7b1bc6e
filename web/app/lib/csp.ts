/**
 * The pages' Content-Security-Policy (ADR 015). Scripts run only with this render's nonce
 * ('strict-dynamic' lets those scripts load the route modules and the Google/Facebook sign-in
 * SDKs they add); 'unsafe-inline' and https: are ignored by browsers that know nonces and only
 * keep very old ones working. Styles stay 'unsafe-inline': Mantine and React style attributes.
 */
export function contentSecurityPolicy(nonce: string): string {
  const social = 'https://accounts.google.com https://*.facebook.com https://connect.facebook.net';
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' https: 'unsafe-inline'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline' https://accounts.google.com",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    // hls.js plays adaptive video through a MediaSource (blob: above) and remuxes in a blob: worker (ADR 032).
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${social}`,
    `frame-src ${social}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
