/**
 * The page flow of a Markdown letter: a cursor moving down a frame (the text area of a page, or part
 * of one, as on a cover page), starting a new frame when a line does not fit. Lines are placed by
 * height; the block quotes they are in draw their bar beside them, on whatever page they land.
 */

import type { DrawOperation } from '../content';

export interface Frame {
	/** The y where content starts (a line's box top) and the lowest baseline allowed. */
	top: number;
	bottom: number;
	/** What the frame's page shows before its content (a "continued" label). */
	prelude?: DrawOperation[];
}

/** Where a quote's bar is drawn, from the left edge of the page. */
export interface QuoteBar {
	x: number;
}

const QUOTE_BAR_WIDTH = 1.5;

export class Flow {
	readonly pages: DrawOperation[][] = [];
	private page: DrawOperation[];
	private frame: Frame;
	/** The top of the next line's box. */
	private cursor: number;
	/** Whether the current frame holds content yet (a gap at a frame's top is dropped). */
	private used = false;
	private readonly bars: QuoteBar[] = [];

	constructor(private readonly frames: (index: number) => Frame) {
		this.frame = frames(0);
		this.page = [...(this.frame.prelude ?? [])];
		this.cursor = this.frame.top;
	}

	get isFrameEmpty(): boolean {
		return !this.used;
	}

	/** Room left for a line's box of `height` whose baseline sits `descent` above its bottom. */
	fits(height: number, descent: number): boolean {
		return this.cursor - (height - descent) >= this.frame.bottom - 1e-6;
	}

	/** Whether `height` points of content (boxes of lines, gaps) fit below the cursor. */
	room(): number {
		return this.cursor - this.frame.bottom;
	}

	/** The room a fresh frame after this one offers (the next page's text area, a table row's limit). */
	nextFrameRoom(): number {
		const next = this.frames(this.pages.length + 1);
		return next.top - next.bottom;
	}

	newFrame(): void {
		this.pages.push(this.page);
		this.frame = this.frames(this.pages.length);
		this.page = [...(this.frame.prelude ?? [])];
		this.cursor = this.frame.top;
		this.used = false;
	}

	/** A vertical gap; dropped at the top of a frame, and it never starts a new one. */
	gap(height: number): void {
		if (!this.used) return;
		const bottom = Math.max(this.cursor - height, this.frame.bottom);
		this.drawBars(this.cursor, bottom);
		this.cursor = bottom;
	}

	/**
	 * Places a line box of `height` (a new frame first when it does not fit, unless the frame is
	 * still empty); `draw` gets the baseline, `descent` above the box's bottom. Returns the baseline.
	 */
	line(height: number, descent: number, draw: (baseline: number) => DrawOperation[]): number {
		if (!this.fits(height, descent) && this.used) this.newFrame();
		const baseline = this.cursor - height + descent;
		this.page.push(...draw(baseline));
		this.drawBars(this.cursor, this.cursor - height);
		this.cursor -= height;
		this.used = true;
		return baseline;
	}

	/** Draws on the current page without moving the cursor (a rule, a table's grid). */
	draw(operations: readonly DrawOperation[]): void {
		this.page.push(...operations);
	}

	get y(): number {
		return this.cursor;
	}

	/** Moves the cursor down without drawing (a table row already drawn). */
	advance(height: number): void {
		this.drawBars(this.cursor, this.cursor - height);
		this.cursor -= height;
		this.used = true;
	}

	pushBar(bar: QuoteBar): void {
		this.bars.push(bar);
	}

	popBar(): void {
		this.bars.pop();
	}

	private drawBars(from: number, to: number): void {
		for (const bar of this.bars)
			this.page.push({
				kind: 'rule',
				x1: bar.x,
				y1: from,
				x2: bar.x,
				y2: to,
				lineWidth: QUOTE_BAR_WIDTH,
			});
	}

	/** The pages, the last one included when it has content or is the only one. */
	finish(): DrawOperation[][] {
		if (this.used || this.pages.length === 0) this.pages.push(this.page);
		return this.pages;
	}
}
