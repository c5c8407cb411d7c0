/**
 * Places in line, a few to a turn of the event loop: work that comes in bursts (a check worker's
 * answer for 64 files) is taken in small groups, with `setImmediate` between them, so that a
 * request that arrives meanwhile is answered before the whole burst is.
 */
export class Turns {
  private turn: Promise<void> = Promise.resolve();
  private taken = 0;

  constructor(private readonly size: number) {}

  /** Settles when the caller's place comes: with the `size` - 1 places before it or after them. */
  next(): Promise<void> {
    if (this.taken === this.size) {
      this.taken = 0;
      this.turn = this.turn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    this.taken++;
    return this.turn;
  }
}
