/**
 * JPEG files as encoders write them (cjpeg, ImageMagick, Ghostscript, with exiftool's metadata) through
 * jpegImage into a one-page PDF: the scans byte for byte as in the file, qpdf --check clean, poppler's
 * rendering equal to djpeg's decoding of the file (within ±2 a sample, as JPEG decoders differ; measured
 * 0), CMYK and YCCK drawn as ImageMagick reads their inks, the metadata left out, and the refusals.
 */
import { readFileSync } from 'fs';
import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { jpegImage } from '../../../../nodes/shared/pdf/image/jpeg';
import { qpdfCheck, workspace } from '../tiff/tools';
import {
	cjpeg,
	cmykSamples,
	convert,
	djpeg,
	exiftool,
	maxDifference,
	onePagePdf,
	rendered,
	rose,
	run,
	scansOf,
} from './jpegTools';

const space = workspace('fax-jpeg-');
afterAll(() => space.dispose());
const source = rose(space);

/** The PDF of a JPEG, checked by qpdf; its path. */
function pdfOf(name: string, jpeg: Buffer): string {
	const path = space.file(`${name}.pdf`, onePagePdf(jpegImage(jpeg)));
	const check = qpdfCheck(path);
	expect(check.output).toContain('No syntax or stream encoding errors found');
	expect(check.status).toBe(0);
	return path;
}

describe('a JPEG drawn by poppler as djpeg decodes it', () => {
	test.each([
		['baseline YCbCr 4:2:0', [], 'DeviceRGB'],
		['YCbCr 4:4:4', ['-sample', '1x1'], 'DeviceRGB'],
		['YCbCr 4:2:2', ['-sample', '2x1'], 'DeviceRGB'],
		['YCbCr 4:4:0', ['-sample', '1x2'], 'DeviceRGB'],
		['YCbCr 4:1:1', ['-sample', '4x1'], 'DeviceRGB'],
		['progressive', ['-progressive'], 'DeviceRGB'],
		['optimised Huffman tables', ['-optimize'], 'DeviceRGB'],
		['restart markers every block', ['-restart', '1B'], 'DeviceRGB'],
		['greyscale', ['-grayscale'], 'DeviceGray'],
		['greyscale progressive', ['-grayscale', '-progressive'], 'DeviceGray'],
	])('%s', (name, options, colourSpace) => {
		const jpeg = cjpeg(source, options);
		const image = jpegImage(jpeg);
		expect(image).toMatchObject({ width: 70, height: 46, orientation: 1 });
		expect(image.dictionaryEntries).toContain(
			`/ColorSpace /${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode`,
		);
		// cjpeg writes nothing to leave out: the whole file, its scans included, byte for byte.
		expect(Buffer.concat([image.data].flat()).equals(jpeg)).toBe(true);
		const grey = colourSpace === 'DeviceGray';
		const page = rendered(pdfOf(name, jpeg), 70, 46, grey);
		expect(maxDifference(page, djpeg(space, jpeg, name))).toBeLessThanOrEqual(2);
	});
});

describe('CMYK, drawn as the inks ImageMagick reads from the file', () => {
	/** The reference: the same inks as an uncompressed DeviceCMYK image, drawn by the same poppler. */
	function inksPdf(name: string, jpeg: Buffer, width: number, height: number): string {
		const inks = cmykSamples(space, jpeg, name);
		expect(inks.length).toBe(width * height * 4);
		const pdf = onePagePdf({
			width,
			height,
			orientation: 1,
			dictionaryEntries: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceCMYK /BitsPerComponent 8`,
			data: inks,
		});
		return space.file(`${name}-inks.pdf`, pdf);
	}

	test("YCCK, Adobe's inverted kind (ImageMagick's CMYK)", () => {
		const jpeg = convert(space, source, ['-colorspace', 'CMYK', '-quality', '90']);
		expect(
			run('exiftool', ['-s3', '-ColorTransform', space.file('ycck.jpg', jpeg)]).toString(),
		).toBe('YCCK\n');
		const image = jpegImage(jpeg);
		expect(image.dictionaryEntries).toContain(
			'/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /DCTDecode /Decode [1 0 1 0 1 0 1 0]',
		);
		expect(jpeg.subarray(-scansOf(Buffer.concat([image.data].flat())).length)).toEqual(
			scansOf(Buffer.concat([image.data].flat())),
		);
		const page = rendered(pdfOf('ycck', jpeg), 70, 46, false);
		expect(
			maxDifference(page, rendered(inksPdf('ycck', jpeg, 70, 46), 70, 46, false)),
		).toBeLessThanOrEqual(2);
	});

	test("plain CMYK with Adobe's marker (Ghostscript's jpegcmyk): the four inks where they were painted", () => {
		const postscript = space.file(
			'inks.ps',
			Buffer.from(
				'<< /PageSize [64 48] >> setpagedevice ' +
					'0 0 1 0 setcmykcolor 0 24 32 24 rectfill 0 0 0 1 setcmykcolor 32 24 32 24 rectfill ' +
					'1 0 0 0 setcmykcolor 0 0 32 24 rectfill 0 1 0 0 setcmykcolor 32 0 32 24 rectfill showpage\n',
			),
		);
		const output = space.path('inks.jpg');
		run('gs', [
			'-q',
			'-dSAFER',
			'-dBATCH',
			'-dNOPAUSE',
			'-sDEVICE=jpegcmyk',
			'-r72',
			`-sOutputFile=${output}`,
			postscript,
		]);
		const jpeg = readFileSync(output);
		expect(run('exiftool', ['-s3', '-ColorTransform', output]).toString()).toBe(
			'Unknown (RGB or CMYK)\n',
		);
		const image = jpegImage(jpeg);
		expect(image.dictionaryEntries).toContain('/Decode [1 0 1 0 1 0 1 0]');
		// Ghostscript's ICC profile (APP2) is left out: DCTDecode does not read it.
		expect([
			jpeg.includes('ICC_PROFILE'),
			Buffer.concat([image.data].flat()).includes('ICC_PROFILE'),
		]).toEqual([true, false]);
		expect(jpeg.subarray(-scansOf(Buffer.concat([image.data].flat())).length)).toEqual(
			scansOf(Buffer.concat([image.data].flat())),
		);
		const page = rendered(pdfOf('cmyk', jpeg), 64, 48, false);
		expect(
			maxDifference(page, rendered(inksPdf('cmyk', jpeg, 64, 48), 64, 48, false)),
		).toBeLessThanOrEqual(2);
		// Yellow, black; cyan, magenta (top row first), as poppler shows the pure inks.
		const at = (x: number, y: number) =>
			Array.from(page.data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3));
		const [yellow, black, cyan, magenta] = [at(8, 8), at(50, 8), at(8, 40), at(50, 40)];
		expect([yellow[2] < 40, black.every((v) => v < 60), cyan[0] < 40, magenta[1] < 40]).toEqual([
			true,
			true,
			true,
			true,
		]);
	});
});

describe("a phone photo's metadata", () => {
	test("EXIF (GPS, names), XMP and a comment are left out: the encoder's file, byte for byte", () => {
		const plain = cjpeg(source, []);
		const tagged = exiftool(space, plain, 'gps', [
			'-Orientation#=6',
			'-GPSLatitude=48.8583',
			'-GPSLatitudeRef=N',
			'-Artist=Jane Patient',
			'-Comment=MRN 12345',
			'-XMP:Description=Insurance card of Jane Patient',
			'-EXIF:XResolution=300',
			'-EXIF:YResolution=300',
			'-EXIF:ResolutionUnit=inches',
		]);
		expect(tagged.includes('Jane Patient')).toBe(true);
		const image = jpegImage(tagged);
		expect(image).toMatchObject({ orientation: 6, resolution: { x: 300, y: 300 } });
		expect(Buffer.concat([image.data].flat()).equals(plain)).toBe(true);
	});

	test.each(['II', 'MM'])('orientation and resolution from EXIF in byte order %s', (order) => {
		const jpeg = exiftool(space, cjpeg(source, []), `order-${order}`, [
			`-ExifByteOrder=${order}`,
			'-Orientation#=8',
			'-EXIF:XResolution=200',
			'-EXIF:YResolution=100',
			'-EXIF:ResolutionUnit=inches',
		]);
		expect(jpeg.includes(order === 'II' ? 'II*\0' : 'MM\0*')).toBe(true);
		expect(jpegImage(jpeg)).toMatchObject({ orientation: 8, resolution: { x: 200, y: 100 } });
	});

	test("JFIF's density, as ImageMagick writes it", () => {
		const jpeg = convert(space, source, ['-density', '150', '-units', 'PixelsPerCentimeter']);
		expect(jpegImage(jpeg).resolution).toEqual({ x: 381, y: 381 });
	});

	test('bytes after the end of the image (a motion photo) are left out', () => {
		const plain = cjpeg(source, ['-progressive']);
		const appended = Buffer.concat([plain, Buffer.from('....ftypmp42 a video of the room')]);
		expect(Buffer.concat([jpegImage(appended).data].flat()).equals(plain)).toBe(true);
	});
});

describe('refused', () => {
	function refusal(jpeg: Buffer): { reason: string; message: string } {
		try {
			jpegImage(jpeg);
		} catch (error) {
			if (error instanceof DocumentError) return { reason: error.reason, message: error.message };
			throw error;
		}
		throw new Error('the file was taken');
	}

	test.each<[string, string[]]>([
		['-arithmetic', ['-arithmetic']],
		['-arithmetic -progressive', ['-arithmetic', '-progressive']],
	])('cjpeg %s: an arithmetic-coded JPEG, by name', (_name, options) => {
		expect(refusal(cjpeg(source, options))).toEqual({
			reason: 'unsupported',
			message:
				'the image is an arithmetic-coded JPEG, which this package does not convert; save it as an ordinary (baseline or progressive) JPEG, or as PNG',
		});
	});

	test('a file cut short inside its image data, and inside its headers', () => {
		const jpeg = cjpeg(source, ['-progressive']);
		expect(refusal(jpeg.subarray(0, jpeg.length >> 1))).toEqual({
			reason: 'damaged',
			message: 'the JPEG is cut short: its image data ends without the end-of-image marker',
		});
		expect(refusal(jpeg.subarray(0, 100)).message).toBe(
			'the JPEG ends inside its headers (the file is cut short)',
		);
	});

	test('a photo whose frame header declares 30,000 x 30,000 pixels (a decompression bomb)', () => {
		const jpeg = Buffer.from(cjpeg(source, []));
		const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
		jpeg.writeUInt16BE(30000, frame + 5);
		jpeg.writeUInt16BE(30000, frame + 7);
		expect(refusal(jpeg)).toEqual({
			reason: 'tooLarge',
			message:
				'the JPEG image is larger than an image may be (20,000 pixels a side, 50,000,000 pixels in all)',
		});
	});
});
