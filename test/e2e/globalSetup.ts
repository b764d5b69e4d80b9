import { existsSync } from 'node:fs';
import { buildWebIfNeeded } from '../../scripts/buildWeb.ts';
import { CHROMIUM_PATH } from './browser.ts';

/** Builds the web client once for the browser suites, and checks Chromium is there. */
export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    const message = `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) to run the browser tests.`;
    if (process.env.CI === 'true') throw new Error(message);
    console.warn(`Browser tests SKIPPED: ${message}`);
    return;
  }
  await buildWebIfNeeded((line) => console.log(line));
}
