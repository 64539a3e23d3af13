/**
 * jpegImage on hand-made files (jpegBytes.ts): the header fields it reads (frame, JFIF, EXIF in both
 * byte orders, Adobe), what the embedded copy keeps and leaves out, and every refusal with its reason
 * and words. test/integration/pdf/image/ renders encoder-made files with poppler.
 */
import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { jpegImage } from '../../../../nodes/shared/pdf/image/jpeg';
import { EOI, SCAN, SOI, TABLES, adobe, exif, frame, jfif, jpegFile, segment } from './jpegBytes';

function refusal(file: Buffer): { reason: string; message: string } {
	try {
		jpegImage(file);
	} catch (error) {
		if (!(error instanceof DocumentError)) throw error;
		return { reason: error.reason, message: error.message };
	}
	throw new Error('the file was taken');
}

describe('jpegImage reads the headers', () => {
	test.each([
		['baseline', 1, 0xc0, 'DeviceGray'],
		['extended', 3, 0xc1, 'DeviceRGB'],
		['progressive', 4, 0xc2, 'DeviceCMYK'],
	])('%s frame of %i components: size and colour space', (_name, components, marker, space) => {
		const image = jpegImage(
			jpegFile({ frame: frame({ marker, components, width: 640, height: 480 }) }),
		);
		expect(image).toMatchObject({ width: 640, height: 480, orientation: 1 });
		expect(image.resolution).toBeUndefined();
		expect(image.dictionaryEntries).toBe(
			`/Type /XObject /Subtype /Image /Width 640 /Height 480 /ColorSpace /${space} /BitsPerComponent 8 /Filter /DCTDecode`,
		);
	});

	test("Adobe's marker inverts CMYK and YCCK (Decode), and only them", () => {
		const decode = (components: number, transform?: number) =>
			jpegImage(
				jpegFile({
					before: transform === undefined ? [] : [adobe(transform)],
					frame: frame({ components }),
				}),
			).dictionaryEntries.includes('/Decode [1 0 1 0 1 0 1 0]');
		expect([decode(4, 0), decode(4, 2), decode(4), decode(3, 1), decode(1, 0)]).toEqual([
			true,
			true,
			false,
			false,
			false,
		]);
	});

	test('JFIF density: per inch, per centimetre, or only an aspect ratio', () => {
		const resolution = (units: number, x: number, y: number) =>
			jpegImage(jpegFile({ before: [jfif(units, x, y)] })).resolution;
		expect(resolution(1, 300, 150)).toEqual({ x: 300, y: 150 });
		expect(resolution(2, 100, 100)).toEqual({ x: 254, y: 254 });
		expect(resolution(0, 1, 1)).toBeUndefined();
		expect(resolution(1, 0, 0)).toBeUndefined();
	});

	test.each([true, false])('EXIF orientation and resolution (little-endian: %s)', (little) => {
		const read = (fields: Parameters<typeof exif>[1], before: Buffer[] = []) => {
			const image = jpegImage(jpegFile({ before: [...before, exif(little, fields)] }));
			return { orientation: image.orientation, resolution: image.resolution };
		};
		for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8])
			expect(read({ orientation }).orientation).toBe(orientation);
		expect(read({ orientation: 6, x: [300, 1], y: [600, 2] })).toEqual({
			orientation: 6,
			resolution: { x: 300, y: 300 },
		});
		// Unit 3: per centimetre; unit 1: no absolute unit; absent: inches, as TIFF has it.
		expect(read({ x: [118, 1], y: [118, 1], unit: 3 }).resolution).toEqual({
			x: 299.72,
			y: 299.72,
		});
		expect(read({ x: [72, 1], y: [72, 1], unit: 1 }).resolution).toBeUndefined();
		expect(read({ x: [72, 1], y: [72, 0], unit: 2 }).resolution).toBeUndefined();
		// JFIF's density, when it states one, is the file's; EXIF's otherwise.
		expect(read({ x: [72, 1], y: [72, 1] }, [jfif(1, 200, 200)]).resolution).toEqual({
			x: 200,
			y: 200,
		});
		expect(read({ x: [72, 1], y: [72, 1] }, [jfif(0, 1, 1)]).resolution).toEqual({ x: 72, y: 72 });
	});

	test('broken EXIF reads as upright, the picture is still taken', () => {
		const orientation = (block: Buffer) =>
			jpegImage(
				jpegFile({ before: [segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), block]))] }),
			).orientation;
		const good = exif(true, { orientation: 6 }).subarray(10);
		const directoryPastEnd = Buffer.from(good);
		directoryPastEnd.writeUInt32LE(5000, 4);
		const cutEntries = good.subarray(0, 14);
		const outOfRange = exif(false, { orientation: 9 }).subarray(10);
		const notTiff = Buffer.from('XX*\0\x08\0\0\0', 'latin1');
		expect([good, directoryPastEnd, cutEntries, outOfRange, notTiff].map(orientation)).toEqual([
			6, 1, 1, 1, 1,
		]);
	});
});

describe('the embedded copy', () => {
	test('is the file itself when it holds nothing to leave out', () => {
		const file = jpegFile({ before: [jfif(1, 96, 96), adobe(1)] });
		expect(jpegImage(file).data).toBe(file);
	});

	test('leaves out EXIF, XMP, ICC, IPTC, comments, JFXX and what follows the end marker; keeps tables, JFIF, Adobe and the scans', () => {
		const thumbnail = Buffer.concat([SOI, SCAN, EOI]); // an EXIF thumbnail: markers inside a block
		const metadata = [
			exif(true, { orientation: 3, tail: thumbnail }),
			segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Jane Patient</x:xmpmeta>'),
			segment(0xe2, 'ICC_PROFILE\0\x01\x01profile'),
			segment(0xed, 'Photoshop 3.0\0IPTC caption'),
			segment(0xe0, 'JFXX\0\x10thumbnail'),
			segment(0xfe, 'MRN 12345'),
		];
		const wanted = [jfif(1, 72, 72), adobe(1)];
		const file = Buffer.concat([
			jpegFile({ before: [wanted[0], ...metadata, wanted[1]] }),
			Buffer.from('motion photo video that follows the image'),
		]);
		const image = jpegImage(file);
		expect(image.orientation).toBe(3);
		expect(Buffer.concat([image.data].flat()).equals(jpegFile({ before: wanted }))).toBe(true);
		// Views of the file, not a copy: a photo is held once until the joined file is written.
		const views = [image.data].flat();
		expect(views.length).toBeGreaterThan(1);
		const insideFile = (view: Buffer) =>
			view.buffer === file.buffer &&
			view.byteOffset >= file.byteOffset &&
			view.byteOffset + view.length <= file.byteOffset + file.length;
		expect(views.every(insideFile)).toBe(true);
	});

	test('a progressive file: every scan and the tables between them, byte for byte; a comment between scans left out', () => {
		const between = segment(0xc4, [0x10, 0, 1, ...new Array<number>(14).fill(0), 1]);
		const comment = segment(0xfe, 'a comment between scans');
		const file = jpegFile({ frame: frame({ marker: 0xc2 }), after: [between, comment, SCAN] });
		const withoutComment = jpegFile({ frame: frame({ marker: 0xc2 }), after: [between, SCAN] });
		expect(Buffer.concat([jpegImage(file).data].flat()).equals(withoutComment)).toBe(true);
	});
});

describe('jpegImage refuses', () => {
	const unsupported = (what: string) =>
		`the image is ${what}, which this package does not convert; save it as an ordinary (baseline or progressive) JPEG, or as PNG`;

	test.each([
		['12-bit', frame({ marker: 0xc1, precision: 12 }), unsupported('a 12-bit JPEG')],
		['12-bit progressive', frame({ marker: 0xc2, precision: 12 }), unsupported('a 12-bit JPEG')],
		['lossless (SOF3)', frame({ marker: 0xc3, precision: 16 }), unsupported('a lossless JPEG')],
		['arithmetic (SOF9)', frame({ marker: 0xc9 }), unsupported('an arithmetic-coded JPEG')],
		['arithmetic (SOF10)', frame({ marker: 0xca }), unsupported('an arithmetic-coded JPEG')],
		['arithmetic lossless', frame({ marker: 0xcb }), unsupported('an arithmetic-coded JPEG')],
		['hierarchical', frame({ marker: 0xc5 }), unsupported('a hierarchical (differential) JPEG')],
		[
			'two components',
			frame({ components: 2 }),
			unsupported('a JPEG with other than 1, 3 or 4 colour components'),
		],
		[
			'height in a DNL marker',
			frame({ height: 0 }),
			unsupported('a JPEG whose height follows its image data (a DNL marker)'),
		],
	])('%s, by name', (_name, header, message) => {
		expect(refusal(jpegFile({ frame: header }))).toEqual({ reason: 'unsupported', message });
	});

	test.each([
		['30,000 x 30,000 (a decompression bomb)', 30000, 30000],
		['8,000 x 7,000 (56 megapixels)', 8000, 7000],
		['20,001 x 10', 20001, 10],
	])('%s, by the limit, from the header alone', (_name, width, height) => {
		// No tables, no scan, no end: the frame header is all that is read.
		const file = Buffer.concat([SOI, frame({ width, height })]);
		expect(refusal(file)).toEqual({
			reason: 'tooLarge',
			message:
				'the JPEG image is larger than an image may be (20,000 pixels a side, 50,000,000 pixels in all)',
		});
	});

	test('7,000 x 7,000 (49 megapixels) is within the limit', () => {
		expect(jpegImage(jpegFile({ frame: frame({ width: 7000, height: 7000 }) })).width).toBe(7000);
	});

	test.each([
		[
			'not a JPEG',
			Buffer.from('%PDF-1.4'),
			'the JPEG does not start with the start-of-image marker',
		],
		['an empty file', Buffer.alloc(0), 'the JPEG does not start with the start-of-image marker'],
		[
			'no frame before the scan',
			Buffer.concat([SOI, TABLES, SCAN, EOI]),
			'the JPEG has image data before its frame header',
		],
		[
			'the end marker before any scan',
			Buffer.concat([SOI, TABLES, frame(), EOI]),
			'the JPEG ends before its image data',
		],
		[
			'two frames',
			jpegFile({ before: [frame()] }),
			'the JPEG has broken headers: a second frame header',
		],
		[
			'a second SOI',
			jpegFile({ before: [SOI] }),
			'the JPEG has broken headers: a second start-of-image marker',
		],
		[
			'bytes between segments',
			jpegFile({ before: [Buffer.from([0x00])] }),
			'the JPEG has broken headers: a segment does not start with a marker',
		],
		[
			'a length below 2',
			jpegFile({ before: [Buffer.from([0xff, 0xe5, 0, 1])] }),
			'the JPEG has broken headers: a segment is shorter than its length field',
		],
		[
			'width 0',
			jpegFile({ frame: frame({ width: 0 }) }),
			'the JPEG has a frame header with no width',
		],
		[
			'precision 7',
			jpegFile({ frame: frame({ precision: 7 }) }),
			'the JPEG has a frame header with an invalid sample precision',
		],
		[
			'sampling 5',
			jpegFile({ frame: frame({ sampling: 0x51 }) }),
			'the JPEG has a frame header with an invalid sampling factor',
		],
		[
			'sampling 0',
			jpegFile({ frame: frame({ sampling: 0x10 }) }),
			'the JPEG has a frame header with an invalid sampling factor',
		],
		[
			'a frame longer than its components',
			jpegFile({ frame: segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0]) }),
			'the JPEG has a frame header whose length does not match its components',
		],
	])('%s, as damaged', (_name, file, message) => {
		expect(refusal(file)).toEqual({ reason: 'damaged', message });
	});

	test('a file cut anywhere, as damaged: inside the headers, or inside the image data', () => {
		const file = jpegFile({ before: [jfif(1, 72, 72), exif(true, { orientation: 6 })] });
		const scanData = file.indexOf(SCAN) + SCAN.indexOf(0x12, 4);
		const wrong: string[] = [];
		for (let length = 2; length < file.length; length++) {
			const { reason, message } = refusal(file.subarray(0, length));
			const expected =
				length < scanData
					? 'the JPEG ends inside its headers (the file is cut short)'
					: 'the JPEG is cut short: its image data ends without the end-of-image marker';
			if (reason !== 'damaged' || message !== expected) wrong.push(`${length}: ${message}`);
		}
		expect(wrong).toEqual([]);
	});

	test('the message never carries the file: names and numbers of its metadata stay out', () => {
		const patient = segment(0xfe, 'Jane Patient 1970-01-01');
		for (const header of [frame({ precision: 12 }), frame({ width: 30000, height: 30000 })]) {
			const { message } = refusal(jpegFile({ before: [patient], frame: header }));
			expect(message).not.toMatch(/Jane|1970|30000|30,000/);
		}
	});
});
