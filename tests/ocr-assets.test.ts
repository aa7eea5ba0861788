import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OCR_ASSETS_DIR, OCR_FILES, OCR_VERSIONS } from '../src/features/submit/media-reading/ocr-assets';

const root = path.resolve(import.meta.dirname, '..');
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/** The browser OCR's self-hosted files (Firebase mode): what build/ocr-assets.ts copies into the build. */
describe('browser OCR assets', () => {
  it('are named after the installed versions, so a new version is a new address', () => {
    expect(versionOf('tesseract.js')).toBe(OCR_VERSIONS.tesseract);
    expect(versionOf('tesseract.js-core')).toBe(OCR_VERSIONS.tesseract);
    expect(OCR_ASSETS_DIR).toContain(OCR_VERSIONS.tesseract);
    expect(OCR_ASSETS_DIR).toMatch(/^assets\//);
  });

  it('all come from node_modules, none ending in .gz (firebase.json leaves those out of a deploy)', () => {
    for (const file of OCR_FILES) {
      expect(existsSync(path.join(root, 'node_modules', file.from)), file.from).toBe(true);
      expect(file.name).not.toMatch(/\.gz$/);
    }
    const hosting = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as { hosting: { ignore: string[] } };
    expect(hosting.hosting.ignore).toContain('**/*.gz');
  });
});
