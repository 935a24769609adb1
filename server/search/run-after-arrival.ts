// A job that many callers may ask for at once, where each caller needs a run that started after
// it asked (a catch-up must see every write committed before its request arrived): one run at a
// time, and everyone who arrives while it runs shares the single run queued after it.
export class RunAfterArrival<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly job: () => Promise<T>) {}

  run(): Promise<T> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<T> {
    const running = this.job().finally(() => {
      this.running = null;
    });
    this.running = running;
    return running;
  }
}
