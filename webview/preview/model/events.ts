/** A minimal typed event source: models emit what changed, views listen. No DOM. */
export class Emitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  /** Adds a listener; the function returned removes it. */
  on(listener: (event: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
