// Collapses a burst of file events into one reload: each event restarts the quiet period.
export class Debouncer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly quietMs: number,
    private readonly action: () => void,
  ) {}

  schedule(): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.action();
    }, this.quietMs);
  }

  get isPending(): boolean {
    return this.timer !== undefined;
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
