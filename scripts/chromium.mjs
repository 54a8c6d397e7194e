// Finds a Chromium for Playwright, installing Debian's package when we are root on Debian.
// Order: $PLAYWRIGHT_CHROMIUM_PATH, /usr/bin/chromium, apt-get install chromium (root on
// Debian), Playwright's own downloaded browser. Returns the path, or throws with what to do.
import { existsSync } from 'node:fs';
import { aptGetInstall, isRootOnDebian } from './apt-packages.mjs';

const debianChromium = '/usr/bin/chromium';

function installDebianChromium() {
  console.log('[chromium] /usr/bin/chromium is missing; installing the Debian package "chromium" (apt-get)...');
  return aptGetInstall('chromium') && existsSync(debianChromium);
}

async function playwrightOwnBrowser() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function findChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${fromEnv} does not exist.`);
  }
  if (existsSync(debianChromium)) return debianChromium;
  if (isRootOnDebian() && installDebianChromium()) return debianChromium;
  const own = await playwrightOwnBrowser();
  if (own) return own;
  throw new Error(
    'No Chromium found for the end-to-end tests. Do one of:\n' +
      '  - on Debian/Ubuntu: sudo apt-get install chromium   (gives /usr/bin/chromium)\n' +
      '  - set PLAYWRIGHT_CHROMIUM_PATH=/path/to/chrome-or-chromium\n' +
      "  - or download Playwright's browser: npx playwright install chromium",
  );
}
