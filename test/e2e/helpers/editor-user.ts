/**
 * A user at the n8n 2.x editor who counts what they do (browser-editor.test.ts): every click, every
 * field typed into (its focusing click included), and every scroll a click or a typed input needed first
 * (the target was outside the visible part of its scrolling panel). Playwright scrolls by itself; the
 * count says whether a person would have had to. Assertions read the page and count nothing.
 */
import type { Locator, Page } from 'playwright-core';

export interface Effort {
	clicks: number;
	typedInputs: number;
	scrolls: number;
	/** What was done, in order, for the report. */
	steps: string[];
}

/**
 * Whether an element lies inside the visible part of its scrolling ancestors (and of the window), judged
 * once it has stopped moving (a panel sliding in is not yet where the user will see it).
 */
async function inView(target: Locator): Promise<boolean> {
	return await target.evaluate(async (element) => {
		type Box = { top: number; bottom: number };
		type El = {
			getBoundingClientRect(): Box;
			parentElement: El | null;
			scrollHeight: number;
			clientHeight: number;
		};
		const { getComputedStyle, innerHeight, requestAnimationFrame } = globalThis as unknown as {
			getComputedStyle(e: El): { overflowY: string };
			innerHeight: number;
			requestAnimationFrame(callback: () => void): void;
		};
		const frame = () => new Promise<void>((resolve) => requestAnimationFrame(resolve));
		let own = (element as unknown as El).getBoundingClientRect();
		// Still for three frames in a row (at most ~5 s of frames on a loaded machine).
		for (let still = 0, frames = 0; still < 3 && frames < 300; frames++) {
			await frame();
			const now = (element as unknown as El).getBoundingClientRect();
			still = now.top === own.top && now.bottom === own.bottom ? still + 1 : 0;
			own = now;
		}
		for (
			let parent = (element as unknown as El).parentElement;
			parent;
			parent = parent.parentElement
		) {
			if (
				/(auto|scroll)/.test(getComputedStyle(parent).overflowY) &&
				parent.scrollHeight > parent.clientHeight
			) {
				const box = parent.getBoundingClientRect();
				if (own.top < box.top || own.bottom > box.bottom) return false;
			}
		}
		return own.top >= 0 && own.bottom <= innerHeight;
	});
}

export class CountingUser {
	readonly effort: Effort = { clicks: 0, typedInputs: 0, scrolls: 0, steps: [] };

	constructor(readonly page: Page) {}

	private async reach(target: Locator, what: string): Promise<void> {
		await target.waitFor({ state: 'visible' });
		if (!(await inView(target))) {
			this.effort.scrolls += 1;
			this.effort.steps.push(`scroll to ${what}`);
			await target.scrollIntoViewIfNeeded();
		}
	}

	async click(target: Locator, what: string): Promise<void> {
		await this.reach(target, what);
		this.effort.clicks += 1;
		this.effort.steps.push(`click ${what}`);
		await target.click();
	}

	/** Clicks into a field and types `text` (one typed input). */
	async type(target: Locator, text: string, what: string): Promise<void> {
		await this.reach(target, what);
		this.effort.typedInputs += 1;
		this.effort.steps.push(`type ${what}`);
		await target.click();
		await target.fill(text);
	}

	summary(): string {
		const { clicks, typedInputs, scrolls, steps } = this.effort;
		return `${clicks} clicks, ${typedInputs} typed inputs, ${scrolls} scrolls: ${steps.join('; ')}`;
	}
}
