/**
 * Writes the two QR images of the header's customer-service dropdown into web/public/qr/.
 * Run after changing an address in app/lib/site.ts: `npm run qr -w @brokerwise/web`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { QR_IMAGES } from '../app/lib/site.ts';
import { exitWithUsageOnHelp } from '@brokerwise/config';

exitWithUsageOnHelp(`Usage: npm run qr -w @brokerwise/web
  Writes the customer-service QR images into web/public/qr/ from app/lib/site.ts.`);

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

for (const { path, url } of Object.values(QR_IMAGES)) {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#002a7aff', light: '#ffffffff' },
  });
  const file = join(publicDir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, svg);
  console.log(`wrote ${file} (${url})`);
}
