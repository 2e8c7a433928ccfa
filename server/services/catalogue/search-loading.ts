import type { Log } from '../platform/log.ts';

/**
 * One of search's in-memory structures (name index, description index, card store) or a listing's area index
 * (decision 071), loaded in the background: a request never waits for it (decision 067). Until it is held, searches answer as before it existed (the database's
 * statements); once its load has finished, the next searches read it. One load at a time; a load begun before a
 * drop (a catalogue notice) is not kept, so what is held is never older than the latest notice. A structure heavier
 * than its budget is not kept and not loaded again until the next drop (its size changes only with the catalogue).
 */
export class BackgroundLoad<T extends { readonly bytes: number }> {
  private held?: T;
  private running?: Promise<unknown>;
  /** One more on every drop. */
  private generation = 0;
  /** The generation whose load weighed more than the budget. */
  private tooBig = -1;

  /**
   * `budget`: bytes, or a function giving them when asked (structures sharing one budget: what the others leave).
   * `onStart`: called as a load begins (what changes from then on may be missing from what it reads).
   */
  constructor(
    /** Reads the structure; undefined when it stopped early, its texts already past `budget` (load-in-chunks.ts). */
    private readonly load: (budget: number) => Promise<T | undefined>,
    private readonly budgetOf: number | (() => number),
    private readonly onStart?: () => void,
  ) {}

  private get budget(): number {
    return typeof this.budgetOf === 'number' ? this.budgetOf : this.budgetOf();
  }

  /** Whether a load is running. */
  get loading(): boolean {
    return this.running !== undefined;
  }

  /** The structure if held and within `budget`, at once; undefined while it loads or when it is over its budget. */
  current(budget: number = this.budget): T | undefined {
    return this.held && this.held.bytes <= budget ? this.held : undefined;
  }

  /** The catalogue changed: what is held is dropped, and a running load's result will not be kept. */
  drop(): void {
    this.generation += 1;
    delete this.held;
  }

  /**
   * Starts a load unless one is running or the structure is held (or known over its budget); its error is logged
   * to `log`, never thrown. Resolves when the running load ends, to its error if it failed.
   */
  start(log?: Log): Promise<unknown> {
    if (this.running) return this.running;
    if (this.held || this.tooBig === this.generation) return Promise.resolve(undefined);
    const generation = this.generation;
    this.onStart?.();
    const running = this.load(this.budget).then(
      (value) => {
        if (this.generation !== generation) return undefined;
        if (value === undefined || value.bytes > this.budget) this.tooBig = generation;
        else this.held = value;
        return undefined;
      },
      (error: unknown) => {
        log?.error({ err: error }, 'an in-memory catalogue structure could not be loaded: requests use the database meanwhile');
        return error;
      },
    );
    const wrapped: Promise<unknown> = running.finally(() => {
      if (this.running === wrapped) delete this.running;
    });
    this.running = wrapped;
    return wrapped;
  }

  /**
   * Waits until the structure is held for the current catalogue (loading it if need be), for tests and benches'
   * warm-up; undefined when over `budget`. Throws a load's error.
   */
  async loaded(budget: number = this.budget): Promise<T | undefined> {
    // A drop during a load means one more load; a few are plenty outside a stream of catalogue edits.
    for (let attempt = 0; attempt < 5; attempt++) {
      if (this.held || this.tooBig === this.generation) return this.current(budget);
      const error = await this.start();
      if (error !== undefined) throw error;
    }
    return this.current(budget);
  }
}
