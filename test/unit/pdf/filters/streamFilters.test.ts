import * as zlib from 'node:zlib';
import { decodeStreamData } from '../../../../nodes/shared/pdf/filters';
import { ascii85Decode, asciiHexDecode } from '../../../../nodes/shared/pdf/filters/ascii';
import { lzwDecode } from '../../../../nodes/shared/pdf/filters/lzw';
import { documentError, pdfLikeText, randomBytes } from './helpers';

/**
 * LZW (the PDF specification's example, and a small encoder written here), the ASCII filters, and
 * decodeStreamData chaining filters with their predictors.
 */

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const text = (data: Uint8Array) => Buffer.from(data).toString('latin1');

/**
 * LZW as PDF writes it: a clear code first, codes growing from 9 bits (one code early when
 * earlyChange is 1), a clear code before the table fills up unless clearWhenFull is false (then the
 * table just stops growing), and the end code unless withEnd is false.
 */
function lzwEncode(
	data: Uint8Array,
	earlyChange: number,
	{ clearWhenFull = true, withEnd = true } = {},
): Uint8Array {
	const bytes: number[] = [];
	let pending = 0;
	let pendingBits = 0;
	let width = 9;
	const emit = (code: number) => {
		pending = (pending << width) | code;
		pendingBits += width;
		while (pendingBits >= 8) {
			pendingBits -= 8;
			bytes.push((pending >>> pendingBits) & 0xff);
		}
		pending &= (1 << pendingBits) - 1;
	};
	let table = new Map<string, number>();
	let nextCode = 258;
	const codeOf = (sequence: string) =>
		sequence.length === 1 ? sequence.charCodeAt(0) : table.get(sequence)!;
	emit(256);
	let current = '';
	for (const byte of data) {
		const extended = current + String.fromCharCode(byte);
		if (current === '' || table.has(extended)) {
			current = extended;
			continue;
		}
		emit(codeOf(current));
		if (nextCode < 4096) table.set(extended, nextCode++);
		// The decoder adds each entry one code later, so it widens when its count + earlyChange reaches 2^width.
		if (nextCode + earlyChange > 1 << width && width < 12) width++;
		if (clearWhenFull && nextCode === 4093) {
			emit(256);
			table = new Map();
			nextCode = 258;
			width = 9;
		}
		current = String.fromCharCode(byte);
	}
	if (current !== '') {
		emit(codeOf(current));
		if (nextCode + earlyChange >= 1 << width && width < 12) width++;
	}
	if (withEnd) emit(257);
	if (pendingBits > 0) bytes.push((pending << (8 - pendingBits)) & 0xff);
	return Uint8Array.from(bytes);
}

/** ASCII85 as PDF writes it: z for four zero bytes, a short last group, ~> at the end. */
function ascii85Encode(data: Uint8Array): string {
	let encoded = '';
	for (let at = 0; at < data.length; at += 4) {
		const count = Math.min(4, data.length - at);
		let value =
			((data[at] << 24) |
				((data[at + 1] ?? 0) << 16) |
				((data[at + 2] ?? 0) << 8) |
				(data[at + 3] ?? 0)) >>>
			0;
		if (value === 0 && count === 4) {
			encoded += 'z';
			continue;
		}
		const digits: number[] = [];
		for (let digit = 0; digit < 5; digit++, value = Math.floor(value / 85))
			digits.unshift(value % 85);
		encoded += String.fromCharCode(...digits.slice(0, count + 1).map((digit) => digit + 33));
	}
	return `${encoded}~>`;
}

describe('lzwDecode', () => {
	it("decodes the PDF specification's example (section 7.4.4.2)", () => {
		const encoded = Uint8Array.of(0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01);
		const decoded = [0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x41, 0x2d, 0x2d, 0x2d, 0x42];
		expect([...lzwDecode(encoded, 1, 100)]).toEqual(decoded);
		expect([...lzwEncode(Uint8Array.from(decoded), 1)]).toEqual([...encoded]);
	});

	it('decodes what the encoder here writes, with EarlyChange 1 and 0, across code width changes and clears', () => {
		const inputs = [
			latin1(''),
			latin1('a'),
			latin1('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
			pdfLikeText(1, 60_000),
			randomBytes(2, 30_000, 256, 1),
			randomBytes(3, 50_000, 4, 6),
		];
		for (const earlyChange of [1, 0]) {
			for (const input of inputs) {
				expect(text(lzwDecode(lzwEncode(input, earlyChange), earlyChange, 1e6))).toBe(text(input));
			}
		}
	});

	it('decodes a table that fills up without a clear code, and data that end without the end code', () => {
		const input = randomBytes(4, 40_000, 256, 1);
		expect(text(lzwDecode(lzwEncode(input, 1, { clearWhenFull: false }), 1, 1e6))).toBe(
			text(input),
		);
		expect(text(lzwDecode(lzwEncode(input, 1, { withEnd: false }), 1, 1e6))).toBe(text(input));
	});

	it('finds a code not yet in the table damaged, and stops at the size limit', () => {
		// Clear, then code 300 (9 bits) while the next free code is 258.
		const error = documentError(() => lzwDecode(Uint8Array.of(0x80, 0x4b, 0x00), 1, 100));
		expect([error.reason, error.message]).toEqual([
			'damaged',
			'an LZW-compressed stream is damaged (a code not yet defined)',
		]);
		const big = lzwEncode(new Uint8Array(100_000), 1);
		expect(lzwDecode(big, 1, 100_000).length).toBe(100_000);
		const tooLarge = documentError(() => lzwDecode(big, 1, 99_999));
		expect([tooLarge.reason, tooLarge.message]).toEqual([
			'tooLarge',
			'an LZW-compressed stream decodes to more than 99999 bytes',
		]);
		expect(documentError(() => lzwDecode(big, 2, 1e6)).reason).toBe('damaged');
	});
});

describe('the ASCII filters', () => {
	it('decodes ASCIIHex: white space ignored, either case, an odd last digit followed by 0, nothing after >', () => {
		expect(text(asciiHexDecode(latin1('48656C6C6F>')))).toBe('Hello');
		expect(text(asciiHexDecode(latin1(' 48 65\r\n6c\t6c 6f >00')))).toBe('Hello');
		expect([...asciiHexDecode(latin1('7>'))]).toEqual([0x70]);
		expect([...asciiHexDecode(latin1('0102'))]).toEqual([1, 2]);
		expect([...asciiHexDecode(latin1('>'))]).toEqual([]);
		const error = documentError(() => asciiHexDecode(latin1('4G>')));
		expect([error.reason, error.message]).toEqual([
			'damaged',
			'an ASCIIHex-encoded stream is damaged (a character that is not a hex digit)',
		]);
	});

	it('decodes ASCII85: groups, z, a short last group, white space, with or without ~> and <~', () => {
		expect(text(ascii85Decode(latin1('87cURD]i,"Ebo7~>')))).toBe('Hello World');
		expect(text(ascii85Decode(latin1('<~9jqo^BlbD-BleB1DJ+*+F(f,q~>')))).toBe(
			'Man is distinguished',
		);
		expect(text(ascii85Decode(latin1('9jqo^ BlbD-\nBleB1\r\nDJ+*+F(f,q')))).toBe(
			'Man is distinguished',
		);
		expect([...ascii85Decode(latin1('z@:E^~>'))]).toEqual([0, 0, 0, 0, 0x61, 0x62, 0x63]);
		expect([...ascii85Decode(latin1('zzz~>'))]).toEqual(new Array(12).fill(0));
		expect([...ascii85Decode(latin1('s8W-!~>'))]).toEqual([0xff, 0xff, 0xff, 0xff]);
		expect([...ascii85Decode(latin1('/c~>'))]).toEqual([0x2e]);
	});

	it.each([
		['s8W-"~>', 'a group above 2^32 - 1'],
		['87cUv~>', 'a character outside the ASCII85 alphabet'],
		['87cURD~>', 'a last group of one character'],
		['8z7cU~>', 'a character outside the ASCII85 alphabet'],
	])('finds ASCII85 %s damaged', (encoded, what) => {
		const error = documentError(() => ascii85Decode(latin1(encoded)));
		expect([error.reason, error.message]).toEqual([
			'damaged',
			`an ASCII85-encoded stream is damaged (${what})`,
		]);
	});
});

describe('decodeStreamData', () => {
	/** A cross-reference stream's rows (W [1 2 1]) PNG-Up filtered, as writers emit them. */
	const rows = [1, 0, 0x10, 0, 1, 0, 0x20, 0, 2, 0, 7, 3];
	const upFiltered = Uint8Array.of(2, 1, 0, 0x10, 0, 2, 0, 0, 0x10, 0, 2, 1, 0, 0xe7, 3);

	it('inflates with the PNG predictor, under the full and the abbreviated name', () => {
		const compressed = zlib.deflateSync(upFiltered);
		for (const name of ['FlateDecode', 'Fl']) {
			const decoded = decodeStreamData(
				compressed,
				[{ name, parms: { predictor: 12, columns: 4 } }],
				1000,
			);
			expect([...decoded]).toEqual(rows);
		}
	});

	it('applies filters in order: ASCII85 then Flate, ASCIIHex then LZW with the TIFF predictor', () => {
		expect(ascii85Encode(latin1('Hello World'))).toBe('87cURD]i,"Ebo7~>');
		const ascii85 = latin1(ascii85Encode(zlib.deflateSync(upFiltered)));
		expect([
			...decodeStreamData(
				ascii85,
				[{ name: 'A85' }, { name: 'Fl', parms: { predictor: 15, columns: 4 } }],
				1000,
			),
		]).toEqual(rows);
		const hexOfLzw = latin1(
			`${Buffer.from(lzwEncode(Uint8Array.of(1, 1, 1, 1, 2, 2), 1)).toString('hex')}>`,
		);
		const decoded = decodeStreamData(
			hexOfLzw,
			[{ name: 'AHx' }, { name: 'LZWDecode', parms: { predictor: 2, columns: 4 } }],
			1000,
		);
		expect([...decoded]).toEqual([1, 2, 3, 4, 2, 4]);
	});

	it('uses EarlyChange from the parameters (default 1)', () => {
		const input = pdfLikeText(5, 5000);
		expect(
			text(
				decodeStreamData(lzwEncode(input, 0), [{ name: 'LZW', parms: { earlyChange: 0 } }], 1e6),
			),
		).toBe(text(input));
		expect(text(decodeStreamData(lzwEncode(input, 1), [{ name: 'LZW' }], 1e6))).toBe(text(input));
	});

	it('returns the data as they are without filters', () => {
		const data = Uint8Array.of(1, 2, 3);
		expect(decodeStreamData(data, [], 10)).toBe(data);
	});

	it('calls any other filter unsupported, naming it', () => {
		for (const name of ['DCTDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'RunLengthDecode', 'Crypt']) {
			const error = documentError(() =>
				decodeStreamData(latin1('41>'), [{ name: 'AHx' }, { name }], 10),
			);
			expect([error.reason, error.message]).toEqual([
				'unsupported',
				`stream filter ${name} cannot be decoded here`,
			]);
		}
	});

	it('stops any stage at the size limit', () => {
		const bomb = zlib.deflateSync(Buffer.alloc(1_000_000));
		expect(
			documentError(() => decodeStreamData(bomb, [{ name: 'FlateDecode' }], 999_999)).reason,
		).toBe('tooLarge');
		const zeros = latin1('z'.repeat(100));
		const error = documentError(() => decodeStreamData(zeros, [{ name: 'A85' }], 399));
		expect([error.reason, error.message]).toEqual([
			'tooLarge',
			'a stream decodes to more than 399 bytes',
		]);
	});
});
