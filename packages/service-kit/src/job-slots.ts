/**
 * Job loops of a worker: each slot runs one job at a time, back to back while there are due ones,
 * then waits `pollMs` (retries, expired leases) or until `poke()` says a job may be due.
 */
export class JobSlots {
  readonly #log: { warn(obj: object, msg?: string): void };
  readonly #pollMs: number;
  #stopped = false;
  readonly #waiters = new Set<() => void>();
  readonly #slots: Promise<void>[] = [];

  constructor(log: { warn(obj: object, msg?: string): void }, pollMs = 1_000) {
    this.#log = log;
    this.#pollMs = pollMs;
  }

  /** `count` more slots running `runOnce`, which answers false when no job was due. */
  start(runOnce: () => Promise<boolean>, count = 1): void {
    this.#stopped = false;
    for (let i = 0; i < count; i++) this.#slots.push(this.#slot(runOnce));
  }

  /** A job may be due: wake the idle slots. */
  poke(): void {
    for (const wake of [...this.#waiters]) wake();
  }

  /** Lets each slot finish the job it runs, then ends them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.poke();
    await Promise.all(this.#slots.splice(0));
  }

  async #slot(runOnce: () => Promise<boolean>): Promise<void> {
    while (!this.#stopped) {
      let ran = false;
      try {
        ran = await runOnce();
      } catch (err) {
        this.#log.warn({ err }, 'worker slot failed; retrying');
      }
      if (!ran && !this.#stopped) await this.#idle();
    }
  }

  #idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.#pollMs);
      this.#waiters.add(done);
    });
  }
}
