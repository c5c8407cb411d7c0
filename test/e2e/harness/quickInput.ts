/**
 * Driving VS Code's quick input (Quick Open, the command palette) from outside, like a user.
 * A busy workbench, or a webview reloading under the pointer, can swallow a key press or leave a
 * stale list, so each step waits for what it needs and the whole pick is retried.
 */
import type { Locator, Page } from 'playwright-core';

const OPEN_WIDGET = '.quick-input-widget:not([style*="display: none"])';
const VISIBLE_INPUT = `${OPEN_WIDGET} input`;

/**
 * Opens the quick input with `key`, types `text`, and clicks the list row whose label starts with
 * `rowLabel` (clicked, not Enter: Enter opens whichever match the list put first).
 */
export async function pickFromQuickInput(page: Page, key: string, text: string, rowLabel: string = text): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      // A retry first closes whatever the failed attempt left open.
      if (attempt > 1) await page.keyboard.press('Escape');
      await page.keyboard.press(key);
      const input = await page.waitForSelector(VISIBLE_INPUT, { timeout: 5000 });
      // The palette starts with '>': keep VS Code's prefix and replace what follows it.
      const prefix = key === 'F1' || key === 'Control+Shift+P' ? '>' : '';
      await input.fill(prefix + text);
      await page.click(`.quick-input-list .monaco-list-row[aria-label^="${rowLabel}"]`, { timeout: 10_000 });
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Opens a workspace file by name through Quick Open (Ctrl+P). */
export function quickOpen(page: Page, fileName: string): Promise<void> {
  return pickFromQuickInput(page, 'Control+P', fileName);
}

/** Runs a command by its full title ("Category: Title") through the command palette (F1). */
export function runCommand(page: Page, title: string): Promise<void> {
  return pickFromQuickInput(page, 'F1', title);
}

/**
 * Right-clicks `row` until its context menu offers `label`, and picks it. The Explorer can show
 * its menu before the extension's contributions are registered; a real user would look again.
 */
export async function openContextMenuItem(page: Page, row: Locator, label: string, attempts = 30): Promise<void> {
  const item = page.locator('.context-view .action-label', { hasText: label }).first();
  for (let attempt = 0; attempt < attempts; attempt++) {
    await row.click({ button: 'right' });
    await page.locator('.context-view .action-label').first().waitFor({ timeout: 10_000 });
    if (await item.isVisible()) {
      await item.click();
      // A click the busy workbench swallowed leaves the menu open: look again, as a user would.
      const closed = await page.locator('.context-view .action-label').first().waitFor({ state: 'hidden', timeout: 5000 }).then(() => true, () => false);
      if (closed) return;
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
  }
  throw new Error(`the context menu never offered "${label}"`);
}

/** The open quick input (one at a time). */
function openWidget(page: Page): Locator {
  return page.locator(OPEN_WIDGET).first();
}

/**
 * Waits for the input box (an extension's `showInputBox`) that says `says` to be shown (30 s: the
 * command goes through the extension host). It says its prompt, or instead the message of a value
 * it refuses.
 */
export async function waitForInputBox(page: Page, says: string): Promise<void> {
  await page.locator(OPEN_WIDGET, { hasText: says }).first().waitFor({ timeout: 30_000 });
  await recordFocus(page);
}

/**
 * Types `value` into the input box that says `says` (see `waitForInputBox`), replacing its text,
 * without accepting it, and checks that the box holds it. The focus can leave the box as it
 * opens (VS Code gives it back to a webview after the command palette closes, asynchronously):
 * the box is then clicked, as a person would, and the text typed again; each time is logged
 * with what took the focus.
 */
export async function fillInputBox(page: Page, says: string, value: string): Promise<void> {
  await waitForInputBox(page, says);
  const input = page.locator(VISIBLE_INPUT).first();
  const holds = (): Promise<boolean> =>
    page.waitForFunction(([selector, wanted]) => (document.querySelector(selector) as HTMLInputElement | null)?.value === wanted, [VISIBLE_INPUT, value] as const, { timeout: 5000 }).then(() => true, () => false);
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await input.isVisible())) throw new Error(`the input box "${says}" closed before it held "${value}"; focus: ${await focusHistory(page)}`);
    if (!(await hasFocus(page, 3000))) {
      console.log(`# input box "${says}" lost the keyboard focus; focus: ${await focusHistory(page)}; clicked the box`);
      await input.click();
    }
    // fill focuses the input, then inserts the text where the focus is: a late focus change sends it elsewhere.
    await input.fill(value);
    if ((await holds()) && (await hasFocus(page, 0))) return;
    console.log(`# input box "${says}": typing "${value}" did not land (attempt ${attempt}); focus: ${await focusHistory(page)}`);
  }
  throw new Error(`the input box "${says}" never held "${value}" with the keyboard focus; focus: ${await focusHistory(page)}`);
}

/**
 * Answers the input box that says `says` with `value` (typed as `fillInputBox` does) and
 * presses Enter, again if the key went elsewhere, until the box has closed.
 */
export async function answerInputBox(page: Page, says: string, value: string): Promise<void> {
  await fillInputBox(page, says, value);
  const box = openWidget(page);
  for (let attempt = 1; attempt <= 3; attempt++) {
    // press focuses the input first.
    await page.locator(VISIBLE_INPUT).first().press('Enter');
    if (await box.waitFor({ state: 'hidden', timeout: 10_000 }).then(() => true, () => false)) return;
    console.log(`# input box "${says}" still open after Enter (attempt ${attempt}); focus: ${await focusHistory(page)}`);
  }
  throw new Error(`the input box "${says}" did not close on Enter: it says "${(await box.innerText()).replace(/\s+/g, ' ')}"`);
}

/** Whether the quick input's text field has the keyboard focus (waiting up to `timeoutMs` for it). */
function hasFocus(page: Page, timeoutMs: number): Promise<boolean> {
  const check = (selector: string): boolean => document.activeElement === document.querySelector(selector);
  return timeoutMs === 0
    ? page.evaluate(check, VISIBLE_INPUT)
    : page.waitForFunction(check, VISIBLE_INPUT, { timeout: timeoutMs }).then(() => true, () => false);
}

/**
 * Starts a journal of the workbench's focus changes (once per page): each focusin and focusout,
 * and the top window's focus and blur (the focus going into or out of a webview's frame), with
 * the milliseconds since the latest input box was shown.
 */
function recordFocus(page: Page): Promise<void> {
  // No named functions in here (nor in focusHistory): the page lacks the test's compiled helpers.
  return page.evaluate(() => {
    type Journal = { since: number; entries: string[] };
    const host = window as unknown as { ewzanimFocusJournal?: Journal };
    if (!host.ewzanimFocusJournal) {
      const journal: Journal = { since: performance.now(), entries: [] };
      host.ewzanimFocusJournal = journal;
      for (const [target, type] of [[document, 'focusin'], [document, 'focusout'], [window, 'focus'], [window, 'blur']] as const) {
        target.addEventListener(
          type,
          (event) => {
            // An element's focus and blur reach the window too: only the window's own count there.
            if (target === window && event.target !== window) return;
            const node = event.target;
            const what = node === window ? 'window' : node instanceof Element ? `${node.tagName.toLowerCase()}${[...node.classList].slice(0, 3).map((c) => `.${c}`).join('')}` : 'nothing';
            journal.entries.push(`${Math.round(performance.now() - journal.since)} ms ${event.type} ${what}`);
            if (journal.entries.length > 40) journal.entries.shift();
          },
          true,
        );
      }
    }
    const active = document.activeElement;
    host.ewzanimFocusJournal.since = performance.now();
    host.ewzanimFocusJournal.entries = [`0 ms box shown, ${active ? `${active.tagName.toLowerCase()}${[...active.classList].slice(0, 3).map((c) => `.${c}`).join('')}` : 'nothing'} focused`];
  });
}

/** The focus changes since the latest input box was shown, and who has the focus now. */
function focusHistory(page: Page): Promise<string> {
  return page.evaluate(() => {
    const journal = (window as unknown as { ewzanimFocusJournal?: { entries: string[] } }).ewzanimFocusJournal;
    const active = document.activeElement;
    const now = active ? `${active.tagName.toLowerCase()}${[...active.classList].slice(0, 3).map((c) => `.${c}`).join('')}` : 'nothing';
    return `${(journal?.entries ?? []).join(', ')}; now ${now}`;
  });
}
