/**
 * Tracks every timer and in-flight callback of the sandbox so that `settle()` can wait for
 * quiet and `reset()` / `stop()` can cancel everything (no open handles in jest).
 */
export class Scheduler {
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly aborters = new Set<AbortController>();
	private inFlight = 0;
	private idleWaiters: Array<() => void> = [];
	/** Incremented by cancelAll: work started before a cancel must not touch state after it. */
	generation = 0;

	/** Runs fn after ms unless cancelled first. */
	after(ms: number, fn: () => void): void {
		const generation = this.generation;
		const timer = setTimeout(
			() => {
				this.timers.delete(timer);
				try {
					if (generation === this.generation) fn();
				} catch (error) {
					// A bug in a status change must not crash the host process (e.g. a jest worker).
					process.emitWarning(
						`sandbox: scheduled work failed: ${error instanceof Error ? error.stack : String(error)}`,
					);
				} finally {
					this.checkIdle();
				}
			},
			Math.max(0, ms),
		);
		this.timers.add(timer);
	}

	/** Tracks an asynchronous job (e.g. one callback attempt and its follow-up). */
	run(job: (signal: AbortSignal, generation: number) => Promise<void>): void {
		const controller = new AbortController();
		this.aborters.add(controller);
		this.inFlight++;
		const generation = this.generation;
		job(controller.signal, generation)
			.catch(() => undefined)
			.finally(() => {
				this.aborters.delete(controller);
				this.inFlight--;
				this.checkIdle();
			});
	}

	get busy(): boolean {
		return this.timers.size > 0 || this.inFlight > 0;
	}

	settle(): Promise<void> {
		if (!this.busy) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	cancelAll(): void {
		this.generation++;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const controller of this.aborters) controller.abort();
		this.checkIdle();
	}

	private checkIdle(): void {
		if (this.busy || this.idleWaiters.length === 0) return;
		const waiters = this.idleWaiters;
		this.idleWaiters = [];
		for (const resolve of waiters) resolve();
	}
}
