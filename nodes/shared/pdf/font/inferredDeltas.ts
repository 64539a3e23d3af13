/**
 * gvar's interpolation of untouched points (IUP): a variation that lists only some of a contour's
 * points moves the others too, each coordinate interpolated between the nearest touched points before
 * and after it on the contour (or shifted with them where it lies outside their range), as OpenType's
 * gvar chapter and fontTools' iup_delta do it.
 */

/**
 * Full deltas for every point of a simple glyph's contours from the deltas of the touched points
 * (`touched[i]` false: no delta given). `xs`, `ys` are the default outline; phantom points past the
 * last contour are never inferred (an untouched one stays put).
 */
export function inferDeltas(
	xs: readonly number[],
	ys: readonly number[],
	endPoints: readonly number[],
	deltasX: number[],
	deltasY: number[],
	touched: readonly boolean[],
): void {
	let start = 0;
	for (const end of endPoints) {
		const contour: number[] = [];
		for (let point = start; point <= end; point += 1) if (touched[point]) contour.push(point);
		if (contour.length > 0 && contour.length <= end - start) {
			if (contour.length === 1) {
				for (let point = start; point <= end; point += 1) {
					deltasX[point] = deltasX[contour[0]];
					deltasY[point] = deltasY[contour[0]];
				}
			} else
				contour.forEach((first, index) => {
					const next = contour[(index + 1) % contour.length];
					// The untouched points after `first` up to `next`, wrapping around the contour's end.
					for (let point = first + 1; ; point += 1) {
						if (point > end) point = start;
						if (point === next) break;
						deltasX[point] = between(xs, deltasX, first, next, point);
						deltasY[point] = between(ys, deltasY, first, next, point);
					}
				});
		}
		start = end + 1;
	}
}

/** One coordinate's inferred delta at `point`, from the touched points `a` and `b` around it. */
function between(
	coordinates: readonly number[],
	deltas: readonly number[],
	a: number,
	b: number,
	point: number,
): number {
	let [x1, x2, d1, d2] = [coordinates[a], coordinates[b], deltas[a], deltas[b]];
	if (x1 === x2) return d1 === d2 ? d1 : 0;
	if (x1 > x2) [x1, x2, d1, d2] = [x2, x1, d2, d1];
	const x = coordinates[point];
	if (x <= x1) return d1;
	if (x >= x2) return d2;
	return d1 + ((x - x1) * (d2 - d1)) / (x2 - x1);
}
