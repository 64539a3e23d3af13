/**
 * GIF files written byte by byte for what ImageMagick does not write: frames off the logical screen,
 * indices past the colour table, a table left full without a clear code, and damaged LZW streams. An
 * LZW encoder as GIF89a appendix F has it (codes first bit lowest, widths growing to 12 bits).
 */

/** A code and the width it is written in. */
export type Code = [code: number, width: number];

/** LZW codes for the indices: a clear code first; when the table fills, a clear code, or (clearWhenFull false) the table just stops growing. */
export function lzwCodes(
	indices: ArrayLike<number>,
	minCodeSize: number,
	clearWhenFull = true,
): Code[] {
	const clear = 1 << minCodeSize;
	const codes: Code[] = [];
	let table = new Map<number, number>();
	let next = clear + 2;
	let width = minCodeSize + 1;
	codes.push([clear, width]);
	let current = -1;
	for (let i = 0; i < indices.length; i++) {
		const index = indices[i];
		if (current < 0) {
			current = index;
			continue;
		}
		const found = table.get(current * 256 + index);
		if (found !== undefined) {
			current = found;
			continue;
		}
		codes.push([current, width]);
		if (next < 4096) {
			table.set(current * 256 + index, next++);
			// The decoder adds each entry one code later: it widens when its count reaches 2^width.
			if (next > 1 << width && width < 12) width++;
		}
		if (clearWhenFull && next === 4096) {
			codes.push([clear, width]);
			table = new Map();
			next = clear + 2;
			width = minCodeSize + 1;
		}
		current = index;
	}
	if (current >= 0) {
		codes.push([current, width]);
		if (next < 4096 && next + 1 > 1 << width && width < 12) width++;
	}
	codes.push([clear + 1, width]);
	return codes;
}

/** Codes packed first bit lowest. */
export function packCodes(codes: Code[]): Uint8Array {
	const bytes: number[] = [];
	let pending = 0;
	let pendingBits = 0;
	for (const [code, width] of codes) {
		pending |= code << pendingBits;
		pendingBits += width;
		while (pendingBits >= 8) {
			bytes.push(pending & 0xff);
			pending >>>= 8;
			pendingBits -= 8;
		}
	}
	if (pendingBits > 0) bytes.push(pending & 0xff);
	return Uint8Array.from(bytes);
}

export interface CraftedFrame {
	left?: number;
	top?: number;
	width: number;
	height: number;
	/** The pixels, or the codes as they are (for a damaged stream). */
	indices?: ArrayLike<number>;
	codes?: Code[];
	minCodeSize?: number;
	localTable?: number[][];
	transparentIndex?: number;
	clearWhenFull?: boolean;
}

/** A colour table's flags (present, its size) and bytes, padded with black to a power of two. */
function colourTable(table: number[][] | undefined): { flags: number; bytes: number[] } {
	if (table === undefined) return { flags: 0, bytes: [] };
	let sizeBits = 1;
	while (1 << sizeBits < table.length) sizeBits++;
	const bytes = table.flat();
	while (bytes.length < 3 << sizeBits) bytes.push(0);
	return { flags: 0x80 | (sizeBits - 1), bytes };
}

const u16 = (value: number) => [value & 0xff, value >> 8];

export function craftGif(
	screen: { width: number; height: number },
	globalTable: number[][] | undefined,
	frames: CraftedFrame[],
): Buffer {
	const global = colourTable(globalTable);
	const bytes: number[] = [
		...Buffer.from('GIF89a', 'latin1'),
		...u16(screen.width),
		...u16(screen.height),
	];
	bytes.push(global.flags, 0, 0, ...global.bytes);
	for (const frame of frames) {
		if (frame.transparentIndex !== undefined)
			bytes.push(0x21, 0xf9, 4, 1, 0, 0, frame.transparentIndex, 0);
		const local = colourTable(frame.localTable);
		bytes.push(
			0x2c,
			...u16(frame.left ?? 0),
			...u16(frame.top ?? 0),
			...u16(frame.width),
			...u16(frame.height),
		);
		bytes.push(local.flags, ...local.bytes);
		const minCodeSize = frame.minCodeSize ?? 8;
		const codes = frame.codes ?? lzwCodes(frame.indices ?? [], minCodeSize, frame.clearWhenFull);
		const packed = packCodes(codes);
		bytes.push(minCodeSize);
		for (let at = 0; at < packed.length; at += 255) {
			const block = packed.subarray(at, at + 255);
			bytes.push(block.length, ...block);
		}
		bytes.push(0);
	}
	bytes.push(0x3b);
	return Buffer.from(bytes);
}

/** Seeded pixels: index values below `colours`, in runs so that LZW finds strings. */
export function seededIndices(seed: number, count: number, colours: number): Uint8Array {
	const indices = new Uint8Array(count);
	let state = seed >>> 0 || 1;
	for (let at = 0; at < count; ) {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		const value = (state >>> 0) % colours;
		const run = 1 + ((state >>> 8) % 4);
		for (let i = 0; i < run && at < count; i++) indices[at++] = value;
	}
	return indices;
}
