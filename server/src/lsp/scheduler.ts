// Debounced validation per document. The newest edit wins: a timer started for an older version is
// replaced, and a result is published only if the document is still at the version it was computed for.
const DEBOUNCE_MS = 80;

export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly run: (uri: string) => void, private readonly delay = DEBOUNCE_MS) {}

  schedule(uri: string): void {
    this.cancel(uri);
    this.timers.set(uri, setTimeout(() => {
      this.timers.delete(uri);
      this.run(uri);
    }, this.delay));
  }

  now(uri: string): void {
    this.cancel(uri);
    this.run(uri);
  }

  /** Whether a validation waits for its debounce. */
  get pending(): boolean {
    return this.timers.size > 0;
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
