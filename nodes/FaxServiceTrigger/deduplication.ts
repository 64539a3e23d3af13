import type { IDataObject } from 'n8n-workflow';

/**
 * Remembers the callbacks a trigger has emitted, in a capped window, so a redelivery is answered
 * but not emitted twice.
 *
 * Workflow static data alone is not enough: it is loaded when an execution starts and saved when
 * it ends, so two callbacks handled at the same time each save their own copy and one of them
 * loses the other's entry. The window therefore lives in this process's memory (shared by every
 * request the process handles; the check and the insert happen without an await in between). The
 * trigger's execution copies it whole into static data, so it survives a restart; every request
 * merges what static data holds, so entries saved by other processes are recognised too.
 */

const windows = new Map<string, DeliveryWindow>();

export class DeliveryWindow {
	private readonly seen = new Set<string>();

	private order: string[] = [];

	constructor(private capacity: number) {}

	/** Adds entries persisted by earlier runs (oldest first). */
	merge(entries: unknown): void {
		if (!Array.isArray(entries)) return;
		for (const entry of entries) {
			if (typeof entry === 'string' && !this.seen.has(entry)) {
				this.seen.add(entry);
				this.order.push(entry);
			}
		}
		this.trim();
	}

	resize(capacity: number): void {
		this.capacity = Math.max(1, capacity);
		this.trim();
	}

	/** Records a key; false when it was already there (a duplicate). Synchronous on purpose. */
	claim(key: string): boolean {
		if (this.seen.has(key)) return false;
		this.seen.add(key);
		this.order.push(key);
		this.trim();
		return true;
	}

	/** Forgets a key whose callback could not be emitted, so its redelivery is accepted. */
	release(key: string): void {
		if (!this.seen.delete(key)) return;
		this.order = this.order.filter((entry) => entry !== key);
	}

	entries(): string[] {
		return [...this.order];
	}

	private trim(): void {
		while (this.order.length > this.capacity) {
			const oldest = this.order.shift();
			if (oldest !== undefined) this.seen.delete(oldest);
		}
	}
}

export const STATIC_DATA_KEY = 'deliveredCallbacks';

/** The window of one trigger node, loaded from its static data the first time it is needed. */
export function deliveryWindow(
	scope: string,
	capacity: number,
	staticData: IDataObject,
): DeliveryWindow {
	let window = windows.get(scope);
	if (!window) {
		window = new DeliveryWindow(capacity);
		windows.set(scope, window);
	}
	window.resize(capacity);
	window.merge(staticData[STATIC_DATA_KEY]);
	return window;
}

export function persist(window: DeliveryWindow, staticData: IDataObject): void {
	staticData[STATIC_DATA_KEY] = window.entries();
}
