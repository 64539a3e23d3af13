/**
 * Tasks that all start at once and stop at their first `pass`: there each waits until every task has
 * reached its own, failed before it, or finished without one (`check`). Then the waiting tasks are
 * either cancelled, their `pass` rejecting with `Cancelled` (`cancel`), or let through, at most `limit`
 * tasks at a time (`open`): a task takes a slot at its first pass and keeps it until it settles; its
 * later passes go straight through. Nothing here knows about items or requests. The one way to run N at
 * a time: runBounded (concurrency.ts) is a gate whose tasks pass it before they start.
 */

/** How a task ended: its value, or its error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };

/** What a waiting task's `pass` rejects with when the gate does not open for it: it unwinds, and its outcome is ignored. */
export class Cancelled extends Error {
	constructor() {
		super('Cancelled before its first step: the run stopped');
		this.name = 'Cancelled';
	}
}

interface Task {
	state: 'running' | 'waiting' | 'through' | 'cancelled' | 'settled';
	/** Set while waiting: every pass of the task before the gate opens for it shares it. */
	waiting?: Promise<void>;
	release?: () => void;
	cancel?: (error: Cancelled) => void;
	outcome?: Outcome<unknown>;
	/** Whether it settled before its first pass (a check failure, or done without passing). */
	beforeGate?: boolean;
}

export class Gate<T> {
	private readonly tasks = new Map<number, Task>();
	private readonly limit: number;
	private running = 0;
	private opened = false;
	private stopped = false;
	private stopAfter: (outcome: Outcome<T>) => boolean = () => false;
	/** Counts a task as checked: waiting at its first pass, or settled before it. */
	private checked: () => void = () => undefined;
	private settled: Promise<unknown> = Promise.resolve();

	constructor(limit: number) {
		this.limit = Number.isInteger(limit) && limit > 0 ? limit : 1;
	}

	/**
	 * Called by a task before each step the gate guards. The first call waits: until the gate opens and
	 * a slot is free, or rejects with `Cancelled`. Later calls of a task that went through pass at once.
	 */
	async pass(index: number): Promise<void> {
		const task = this.tasks.get(index);
		if (!task) throw new Error(`Task ${index} is not one of the gate's tasks`);
		if (task.state === 'cancelled') throw new Cancelled();
		if (task.state === 'through' || task.state === 'settled') return;
		if (task.state === 'running' && this.stopped) {
			// Reached its first pass after a stop: it never starts.
			task.state = 'cancelled';
			if (!this.opened) this.checked();
			throw new Cancelled();
		}
		if (task.state === 'running') {
			task.state = 'waiting';
			task.waiting = new Promise<void>((resolve, reject) => {
				task.release = resolve;
				task.cancel = reject;
			});
			if (this.opened) this.letThrough();
			else this.checked();
		}
		await task.waiting;
	}

	/**
	 * Starts `task(index)` for every index, in their order, and resolves when each one waits at its first
	 * pass or has settled before it; with the errors of those that failed before it, by index, lowest first.
	 */
	async check(
		indexes: readonly number[],
		task: (index: number) => Promise<T>,
	): Promise<Map<number, Error>> {
		const sorted = [...indexes].sort((a, b) => a - b);
		for (const index of sorted) this.tasks.set(index, { state: 'running' });
		let unchecked = sorted.length;
		const allChecked = new Promise<void>((resolve) => {
			this.checked = () => {
				if (--unchecked === 0) resolve();
			};
			if (unchecked === 0) resolve();
		});
		this.settled = Promise.all(
			sorted.map(async (index) => {
				let outcome: Outcome<T>;
				try {
					outcome = { ok: true, value: await task(index) };
				} catch (error) {
					outcome = { ok: false, error: error as Error };
				}
				this.settle(index, outcome);
			}),
		);
		await allChecked;
		const failures = new Map<number, Error>();
		for (const [index, { beforeGate, outcome }] of this.tasks) {
			if (beforeGate && outcome && !outcome.ok) failures.set(index, outcome.error);
		}
		return failures;
	}

	/** Starts nothing new: every waiting task is cancelled, and so is a task reaching its first pass later. */
	stop(): void {
		this.stopped = true;
		this.cancelWaiting();
	}

	/** Stops the gate and resolves once every task has settled. */
	async cancel(): Promise<void> {
		this.stop();
		await this.settled;
	}

	/**
	 * Lets the waiting tasks through, lowest index first, at most `limit` at a time. After an outcome
	 * `stopAfter` accepts, none more: the waiting ones are cancelled, the ones through settle. Resolves
	 * when every task has settled, with an outcome for each task that was not cancelled (those that
	 * settled before the gate included).
	 */
	async open(
		stopAfter: (outcome: Outcome<T>) => boolean = () => false,
	): Promise<Map<number, Outcome<T>>> {
		this.stopAfter = stopAfter;
		this.opened = true;
		this.letThrough();
		await this.settled;
		const outcomes = new Map<number, Outcome<T>>();
		for (const [index, task] of this.tasks) {
			if (task.state === 'settled' && task.outcome) outcomes.set(index, task.outcome as Outcome<T>);
		}
		return outcomes;
	}

	private settle(index: number, outcome: Outcome<T>): void {
		const task = this.tasks.get(index)!;
		if (task.state === 'cancelled') return;
		const wasThrough = task.state === 'through';
		task.beforeGate = task.state === 'running';
		task.state = 'settled';
		task.outcome = outcome;
		if (task.beforeGate && !this.opened) this.checked();
		if (!wasThrough) return;
		this.running--;
		if (this.stopAfter(outcome)) {
			this.stopped = true;
			this.cancelWaiting();
		}
		this.letThrough();
	}

	private letThrough(): void {
		if (!this.opened || this.stopped) return;
		for (const task of this.tasks.values()) {
			if (this.running >= this.limit) return;
			if (task.state !== 'waiting') continue;
			task.state = 'through';
			this.running++;
			task.release!();
		}
	}

	private cancelWaiting(): void {
		for (const task of this.tasks.values()) {
			if (task.state !== 'waiting') continue;
			task.state = 'cancelled';
			task.cancel!(new Cancelled());
		}
	}
}
