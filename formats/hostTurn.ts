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

/** How long a host's slice of stepped work runs before the host's event loop gets a turn. */
export const HOST_SLICE_MS = 10;

/**
 * A `TakeTurn` for one piece of stepped work (a manifest's rules, a walk): the host's turn only
 * once `sliceMs` have passed since the last one; a step sooner than that goes on at once, so a
 * fast host does not wait out a timer per step.
 */
export function turnsEvery(sliceMs = HOST_SLICE_MS, now: () => number = Date.now): TakeTurn {
  let sliceStart = now();
  return async () => {
    if (now() - sliceStart < sliceMs) return;
    await hostTurn();
    sliceStart = now();
  };
}
