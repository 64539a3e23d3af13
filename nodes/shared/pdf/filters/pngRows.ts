/**
 * PNG's row filters undone in place (PNG specification section 9): the one implementation for PDF's
 * PNG predictors (predictors.ts) and PNG images (image/png/scanlines.ts).
 */

/**
 * Undoes `filter` on the row of `length` bytes at `start` of `data`, in place; `above` is where the
 * row above starts in `data` (-1 for a first row, whose upper neighbours are 0). A byte's left
 * neighbour is `bytesPerPixel` back (at least 1). Returns false for a filter type above 4.
 */
export function unfilterPngRow(
	filter: number,
	data: Uint8Array,
	start: number,
	above: number,
	length: number,
	bytesPerPixel: number,
): boolean {
	const end = start + length;
	switch (filter) {
		case 0:
			return true;
		case 1:
			for (let i = start + bytesPerPixel; i < end; i++) data[i] += data[i - bytesPerPixel];
			return true;
		case 2:
			if (above < 0) return true;
			for (let i = start, j = above; i < end; i++, j++) data[i] += data[j];
			return true;
		case 3:
			for (let i = start, j = above; i < end; i++, j++) {
				const left = i - start >= bytesPerPixel ? data[i - bytesPerPixel] : 0;
				const up = above < 0 ? 0 : data[j];
				data[i] += (left + up) >>> 1;
			}
			return true;
		case 4:
			for (let i = start, j = above; i < end; i++, j++) {
				const hasLeft = i - start >= bytesPerPixel;
				const left = hasLeft ? data[i - bytesPerPixel] : 0;
				const up = above < 0 ? 0 : data[j];
				const upLeft = hasLeft && above >= 0 ? data[j - bytesPerPixel] : 0;
				data[i] += paeth(left, up, upLeft);
			}
			return true;
		default:
			return false;
	}
}

/**
 * The Paeth predictor: whichever of left, up and upper left is closest to left + up - upLeft.
 * Differences by hand rather than Math.abs: a global look-up per byte is slow in a vm sandbox (Jest).
 */
function paeth(left: number, up: number, upLeft: number): number {
	const towardsLeft = up - upLeft;
	const towardsUp = left - upLeft;
	const toLeft = towardsLeft < 0 ? -towardsLeft : towardsLeft;
	const toUp = towardsUp < 0 ? -towardsUp : towardsUp;
	const sum = towardsLeft + towardsUp;
	const toUpLeft = sum < 0 ? -sum : sum;
	if (toLeft <= toUp && toLeft <= toUpLeft) return left;
	return toUp <= toUpLeft ? up : upLeft;
}
