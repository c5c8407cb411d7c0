/**
 * Lets the host's event loop run: a zero timer where the host has timers (Node, browsers; the
 * core is compiled without either's types, so it looks the timer up), else a resolved promise.
 * The core's long passes (a manifest's parse and rules, a folder of 10,000 files) call it between
 * their steps where a language server runs them, so that a request is answered meanwhile.
 */
export function hostTurn(): Promise<void> {
  const setTimer = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout;
  return setTimer ? new Promise((resolve) => void setTimer(resolve, 0)) : Promise.resolve();
}

/** Gives the event loop a turn between steps: the host's by default, a test's counter in tests. */
export type TakeTurn = () => Promise<void>;
