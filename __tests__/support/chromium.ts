import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium (or `CHROMIUM_PATH`), which the browser suites drive with playwright-core. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/**
 * Declares a browser suite when Chromium is there. Without it, the suite is skipped with a warning,
 * or fails when `REQUIRE_BROWSER=1` (as CI sets), so a missing browser never passes silently there.
 */
export function describeWithChromium(describeInBrowser: () => void): void {
  if (existsSync(CHROMIUM)) {
    describeInBrowser()
  } else if (process.env.REQUIRE_BROWSER === '1') {
    test('Chromium is installed (REQUIRE_BROWSER=1)', () => {
      throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM} (apt-get install chromium)`)
    })
  } else {
    console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`)
    test.skip(`browser tests (no Chromium at ${CHROMIUM})`, () => undefined)
  }
}

/** Headless Chromium with the flags this sandbox needs (no sandbox, no GPU, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** What `page.screenshot()` and `locator.screenshot()` share. */
interface Shooter {
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>
}

/**
 * A screenshot, taken again (up to three times) when Chromium answers "Unable to capture
 * screenshot": headless Chromium gives that when no frame was composited in time, which happens on a
 * loaded machine; the page itself is fine. Any other error is thrown at once.
 */
export async function screenshot(
  target: Shooter,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await target.screenshot(options)
      return
    } catch (error) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(error))) throw error
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
    }
  }
}
