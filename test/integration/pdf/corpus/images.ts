/**
 * The pictures the corpus puts on its pages, made from a seed so that every build draws the same:
 * a scanned page (grey paper with specks and rows of dark "words") as raw grey pixels, a bilevel one as
 * PBM rows, and the files the producers take (PGM, PBM, a grey PNG). No image library: a few bytes of
 * format around the pixels.
 */
import { crc32, deflateSync } from 'node:zlib';

export interface GreyImage {
	width: number;
	height: number;
	/** One byte a pixel, rows top to bottom. */
	pixels: Uint8Array;
}

/** A small linear congruential generator: the same seed gives the same picture on every machine. */
function random(seed: number): () => number {
	let state = (seed * 2654435761) >>> 0 || 1;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 0x100000000;
	};
}

/** A scanned page: off-white paper, specks, and lines of dark word blocks of random lengths. */
export function scannedPage(width: number, height: number, seed: number): GreyImage {
	const next = random(seed);
	const pixels = new Uint8Array(width * height).fill(236);
	for (let speck = 0; speck < (width * height) / 400; speck++)
		pixels[Math.floor(next() * pixels.length)] = 150 + Math.floor(next() * 60);
	const margin = Math.floor(width / 10);
	const lineHeight = Math.max(4, Math.floor(height / 40));
	for (let top = margin; top + lineHeight < height - margin; top += lineHeight * 2) {
		let left = margin;
		while (left < width - margin) {
			const word = Math.floor(lineHeight * (1 + next() * 4));
			const ink = 20 + Math.floor(next() * 40);
			for (let y = top; y < top + lineHeight; y++) {
				for (let x = left; x < Math.min(left + word, width - margin); x++)
					pixels[y * width + x] = ink;
			}
			left += word + lineHeight;
		}
	}
	return { width, height, pixels };
}

/** A bilevel scanned page as packed rows (1 = black, PBM's sense), each row padded to a byte. */
export function bilevelPage(
	width: number,
	height: number,
	seed: number,
): { width: number; height: number; rows: Uint8Array } {
	const grey = scannedPage(width, height, seed);
	const rowBytes = Math.ceil(width / 8);
	const rows = new Uint8Array(rowBytes * height);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			if (grey.pixels[y * width + x] < 128) rows[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
		}
	}
	return { width, height, rows };
}

export const pgm = (image: GreyImage): Buffer =>
	Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1'), image.pixels]);

export const pbm = (image: { width: number; height: number; rows: Uint8Array }): Buffer =>
	Buffer.concat([Buffer.from(`P4\n${image.width} ${image.height}\n`, 'latin1'), image.rows]);

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const checksum = Buffer.alloc(4);
	checksum.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, checksum]);
}

/** A grey 8-bit PNG (filter None on every row). */
export function png(image: GreyImage): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(image.width, 0);
	header.writeUInt32BE(image.height, 4);
	header.set([8, 0, 0, 0, 0], 8);
	const raw = Buffer.alloc((image.width + 1) * image.height);
	for (let y = 0; y < image.height; y++)
		raw.set(
			image.pixels.subarray(y * image.width, (y + 1) * image.width),
			y * (image.width + 1) + 1,
		);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

const WORDS = [
	'alpha',
	'bravo',
	'charlie',
	'delta',
	'echo',
	'foxtrot',
	'golf',
	'hotel',
	'india',
	'juliett',
	'kilo',
	'lima',
	'mike',
	'november',
	'oscar',
	'papa',
];
const TERMS = [
	'referral',
	'cardiology',
	'panel',
	'dosage',
	'history',
	'imaging',
	'consult',
	'allergy',
	'discharge',
	'follow-up',
	'biopsy',
	'renal',
];

/** Words that name one page of one producer, so that a page's text shows where it came from. */
export function pageWords(producer: string, page: number): string {
	return `${producer} page ${page} ${WORDS[page % WORDS.length]} ${TERMS[(page * 7) % TERMS.length]} ${WORDS[(page * 5 + 3) % WORDS.length]}`;
}
