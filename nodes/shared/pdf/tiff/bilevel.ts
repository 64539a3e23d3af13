/**
 * Bilevel pages copied into the PDF as they are: CCITT data (compressions 2, 3, 4) become
 * /CCITTFaxDecode image streams holding the TIFF's own bytes, uncompressed 1-bit rows an unfiltered
 * image. Nothing is decoded or re-encoded, so the fax data the scanner made is the fax data sent.
 */

import { DocumentError } from '../errors';
import { CCITT, CCITT_G3, CCITT_G4, CCITT_RLE, NONE } from './compression';
import type { TiffPage } from './page';
import type { PlacedImage } from './placement';
import type { Segment } from './segments';
import { damaged } from '../damage';

/** T4Options bits: 2-D coding used; uncompressed mode used; fill bits before EOLs (EOLs end on a byte boundary). */
const T4_TWO_DIMENSIONAL = 1;
const T4_UNCOMPRESSED = 2;
/** T6Options bit: uncompressed mode used. */
const T6_UNCOMPRESSED = 2;
/**
 * /K for 2-D Group 3: any positive K tells a decoder to read each line's 1-D/2-D tag bit, which is all
 * decoding needs (K bounds the run of 2-D lines only for encoders). 4 is T.4's value for fine mode.
 */
const G3_TWO_DIMENSIONAL_K = 4;

/** True for pages this module copies: one 1-bit sample, black and white, uncompressed or CCITT. */
export function isCopiedAsIs(page: TiffPage): boolean {
	const blackAndWhite = page.photometric === 'whiteIsZero' || page.photometric === 'blackIsZero';
	return (
		page.bitsPerSample === 1 &&
		page.samplesPerPixel === 1 &&
		blackAndWhite &&
		(page.compression === NONE || CCITT.has(page.compression))
	);
}

function imageHeader(width: number, height: number): string {
	return `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 1`;
}

/**
 * The /DecodeParms for a CCITT strip. /BlackIs1 true makes the filter's output bits the TIFF's own
 * sample values (white-coded runs are 0), which DeviceGray shows as BlackIsZero pages expect; without
 * it the bits come out inverted, which is what WhiteIsZero pages need.
 */
function decodeParms(page: TiffPage, segment: Segment): string {
	const parms = [`/Columns ${segment.width}`, `/Rows ${segment.height}`];
	if (page.compression === CCITT_G4) {
		if ((page.t6Options & T6_UNCOMPRESSED) !== 0) throw uncompressedMode(page);
		parms.unshift('/K -1');
	} else if (page.compression === CCITT_G3) {
		if ((page.t4Options & T4_UNCOMPRESSED) !== 0) throw uncompressedMode(page);
		parms.unshift(`/K ${(page.t4Options & T4_TWO_DIMENSIONAL) !== 0 ? G3_TWO_DIMENSIONAL_K : 0}`);
		// TIFF Group 3 rows each start with an EOL. Fill bits (T4Options bit 2) are zeros before an EOL, which
		// every decoder skips; /EncodedByteAlign is left out for them because it means the line (in pdf.js the
		// EOL too) starts on a byte boundary, and pdf.js aligns before looking for the EOL, which with TIFF's
		// fill (the EOL *ends* on the boundary) skips into the EOL whenever fewer than 4 fill bits were needed.
		parms.push('/EndOfLine true');
	} else {
		// Modified Huffman RLE: 1-D codes, no EOLs, every row starting on a byte boundary.
		parms.unshift('/K 0');
		parms.push('/EncodedByteAlign true');
	}
	if (page.photometric === 'blackIsZero') parms.push('/BlackIs1 true');
	return parms.join(' ');
}

function uncompressedMode(page: TiffPage): DocumentError {
	return new DocumentError(
		'unsupported',
		`TIFF page ${page.number} allows CCITT uncompressed mode, which this package does not convert; save the scan as CCITT Group 4 or PDF`,
	);
}

/** Uncompressed 1-bit strips, joined into one unfiltered image (nothing restarts between them). */
function uncompressedImages(page: TiffPage): PlacedImage[] {
	const decode = page.photometric === 'whiteIsZero' ? ' /Decode [1 0]' : '';
	const rows = (segment: Segment): Uint8Array => {
		const needed = Math.ceil(segment.width / 8) * segment.height;
		if (segment.data.length < needed)
			throw damaged(`TIFF page ${page.number}: a strip holds fewer bytes than its rows need`);
		return segment.data.subarray(0, needed);
	};
	if (!page.tiled) {
		const data = Buffer.concat(page.segments.map(rows));
		return [
			{
				x: 0,
				y: 0,
				width: page.width,
				height: page.height,
				dictionaryEntries: `${imageHeader(page.width, page.height)}${decode}`,
				data,
			},
		];
	}
	return page.segments.map((segment) => ({
		...placeOf(segment),
		dictionaryEntries: `${imageHeader(segment.width, segment.height)}${decode}`,
		data: Buffer.from(rows(segment)),
	}));
}

const placeOf = (segment: Segment) => ({
	x: segment.x,
	y: segment.y,
	width: segment.width,
	height: segment.height,
});

/**
 * The page's images: for CCITT one per strip or tile, since each is coded on its own (a Group 4 or
 * 2-D Group 3 strip starts again from an all-white reference line and ends with its own end-of-block
 * code, so joined strips would not decode as one).
 */
export function bilevelImages(page: TiffPage): PlacedImage[] {
	if (page.compression === NONE) return uncompressedImages(page);
	if (
		page.compression !== CCITT_RLE &&
		page.compression !== CCITT_G3 &&
		page.compression !== CCITT_G4
	) {
		throw new Error(`bilevelImages: compression ${page.compression} is not copied as is`);
	}
	return page.segments.map((segment, index) => {
		if (segment.data.length === 0)
			throw damaged(
				`TIFF page ${page.number}: ${page.tiled ? 'tile' : 'strip'} ${index + 1} is empty`,
			);
		return {
			...placeOf(segment),
			dictionaryEntries: `${imageHeader(segment.width, segment.height)} /Filter /CCITTFaxDecode /DecodeParms << ${decodeParms(page, segment)} >>`,
			data: Buffer.from(segment.data.buffer, segment.data.byteOffset, segment.data.byteLength),
		};
	});
}
