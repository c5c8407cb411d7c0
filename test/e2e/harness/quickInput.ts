/**
 * Driving VS Code's quick input (Quick Open, the command palette) from outside, like a user.
 * A busy workbench, or a webview reloading under the pointer, can swallow a key press or leave a
 * stale list, so each step waits for what it needs and the whole pick is retried.
 */
import type { Locator, Page } from 'playwright-core';

const VISIBLE_INPUT = '.quick-input-widget:not([style*="display: none"]) input';

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

/**
 * Answers the input box that says `prompt` (an extension's `showInputBox`) with `value`: waits for
 * its input to be shown and focused, replaces its text (typed keys can land before the focus does,
 * or after a stale value), checks what it holds, then presses Enter.
 */
export async function answerInputBox(page: Page, prompt: string, value: string): Promise<void> {
  await page.locator('.quick-input-widget:not([style*="display: none"])', { hasText: prompt }).first().waitFor({ timeout: 30_000 });
  const input = page.locator(VISIBLE_INPUT).first();
  await input.waitFor({ timeout: 10_000 });
  const focused = (): Promise<boolean> => page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), VISIBLE_INPUT, { timeout: 10_000 }).then(() => true, () => false);
  // A webview can take the focus back as the box opens: then the box is clicked, as a person would.
  if (!(await focused())) {
    // The box closes when it loses the focus: say so rather than wait for a click on nothing.
    if (!(await input.isVisible())) throw new Error(`the input box "${prompt}" closed before it had the keyboard focus (${await focusedElement(page)} has it)`);
    await input.click();
    if (!(await focused())) throw new Error(`the input box "${prompt}" never had the keyboard focus (${await focusedElement(page)} has it)`);
  }
  await input.fill(value);
  await page.waitForFunction(([selector, wanted]) => (document.querySelector(selector) as HTMLInputElement | null)?.value === wanted, [VISIBLE_INPUT, value] as const, { timeout: 10_000 });
  await input.press('Enter');
}

/** The element with the keyboard focus, for a failure's message: its tag and classes (an iframe is a webview). */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()}${[...active.classList].map((c) => `.${c}`).join('')}` : 'nothing';
  });
}
