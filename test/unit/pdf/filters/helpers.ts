/** What the filter tests share: a seeded generator, test data of known kinds, error and byte helpers. */

/**
 * xorshift32, a small seeded generator giving numbers in [0, 1), so every run tests the same bytes.
 * Shifts only: global look-ups such as Math.imul are slow in a loop in Jest's sandbox.
 */
export function seededRandom(seed: number): () => number {
	let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 4294967296;
	};
}

/** size bytes drawn from `alphabet` values, in runs of up to maxRun equal bytes. */
export function randomBytes(seed: number, size: number, alphabet = 256, maxRun = 1): Buffer {
	const random = seededRandom(seed);
	const bytes = new Uint8Array(size);
	for (let at = 0; at < size; ) {
		const value = (random() * alphabet) | 0;
		const run = 1 + ((random() * maxRun) | 0);
		for (let i = 0; i < run && at < size; i++) bytes[at++] = value;
	}
	return Buffer.from(bytes.buffer);
}

/** PDF-like content: words of a skewed vocabulary, numbers and operators. */
export function pdfLikeText(seed: number, size: number): Buffer {
	const random = seededRandom(seed);
	const vocabulary = Array.from({ length: 2000 }, () => {
		let word = '';
		for (let letters = 2 + ((random() * 8) | 0); letters > 0; letters--)
			word += String.fromCharCode(97 + ((random() * 26) | 0));
		return word;
	});
	const operators = [' Tj\n', ' Td\n', ' re f\n', ' cm\n', ' 0 0 1 rg\n'];
	const parts: string[] = [];
	let length = 0;
	while (length < size) {
		const kind = random();
		const part =
			kind < 0.6
				? `(${vocabulary[(random() ** 2 * vocabulary.length) | 0]}) `
				: kind < 0.8
					? `${((random() * 10000) | 0) / 10} `
					: operators[(random() * operators.length) | 0];
		parts.push(part);
		length += part.length;
	}
	return Buffer.from(parts.join('')).subarray(0, size);
}

/** An 8-bit grayscale page: smooth shading plus a little noise. */
export function grayscaleImage(seed: number, size: number, width = 1700): Buffer {
	const random = seededRandom(seed);
	const height = Math.ceil(size / width);
	const across = Float64Array.from({ length: width }, (_, x) => Math.sin(x / 97) * 60 + 128);
	const down = Float64Array.from({ length: height }, (_, y) => Math.cos(y / 53) * 60);
	const image = new Uint8Array(size);
	for (let i = 0; i < size; i++) {
		const shade = across[i % width] + down[(i / width) | 0] + random() * 8 - 4;
		image[i] = shade < 0 ? 0 : shade > 255 ? 255 : shade;
	}
	return Buffer.from(image.buffer);
}

/** 1-bit scan rows (white is 1): blank bands between bands of sparse black marks. */
export function scannedRows(seed: number, size: number, rowBytes = 216): Buffer {
	const random = seededRandom(seed);
	const image = new Uint8Array(size).fill(0xff);
	for (let row = 0; row * rowBytes < size; row++) {
		if (row % 40 > 25) continue;
		const rowEnd = Math.min(size, (row + 1) * rowBytes);
		for (let i = row * rowBytes; i < rowEnd; i++) {
			if (random() < 0.18) image[i] = (random() * 256) | (random() * 256);
		}
	}
	return Buffer.from(image.buffer);
}

/** Index of the first byte where a and b differ (or the shorter length), -1 when they are equal. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
	const shorter = Math.min(a.length, b.length);
	for (let i = 0; i < shorter; i++) if (a[i] !== b[i]) return i;
	return a.length === b.length ? -1 : shorter;
}

export { documentError } from '../../../harness/pdf/documentError';
