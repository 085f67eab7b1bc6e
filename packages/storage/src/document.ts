import { fileTypeFromBuffer } from 'file-type';

/** What a document upload may be: a PDF or a screenshot (licence evidence, complaint evidence). */
export interface DocumentKind {
  ext: 'pdf' | 'png' | 'jpg' | 'webp';
  mime: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';
}

const KINDS: Record<string, DocumentKind> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

/**
 * The kind of a document by its content (magic bytes, never its name or declared type: a script
 * renamed .pdf is not a PDF); null for anything else.
 */
export async function documentKind(bytes: Uint8Array): Promise<DocumentKind | null> {
  const type = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  return (type && KINDS[type.ext]) ?? null;
}
