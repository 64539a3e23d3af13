/**
 * The eight EXIF orientations as a page draws them: exiftool sets each on the same photo, jpegImage
 * reads it, the one-page PDF draws the image through orientationMatrix, and poppler's rendering must be
 * ImageMagick's -auto-orient picture of the file (within ±2 a sample; measured 0). The stored pixels are
 * never touched: the XObject is the same bytes for every orientation.
 */
import { jpegImage } from '../../../../nodes/shared/pdf/image/jpeg';
import type { Orientation } from '../../../../nodes/shared/pdf/image/types';
import { qpdfCheck, workspace } from '../tiff/tools';
import {
	autoOriented,
	cjpeg,
	exiftool,
	maxDifference,
	onePagePdf,
	rendered,
	rose,
} from './jpegTools';

const space = workspace('fax-jpeg-orientation-');
afterAll(() => space.dispose());
const stored = cjpeg(rose(space), ['-sample', '1x1', '-quality', '95']);

describe('a photo with an EXIF orientation shows upright', () => {
	test.each([1, 2, 3, 4, 5, 6, 7, 8] as Orientation[])('orientation %i', (orientation) => {
		const name = `orientation-${orientation}`;
		// Big-endian EXIF for odd orientations, little-endian for even ones: both byte orders are read.
		const order = orientation % 2 === 0 ? 'II' : 'MM';
		const jpeg = exiftool(space, stored, name, [
			`-ExifByteOrder=${order}`,
			`-Orientation#=${orientation}`,
		]);
		const image = jpegImage(jpeg);
		expect(image.orientation).toBe(orientation);
		expect(Buffer.concat([image.data].flat()).equals(stored)).toBe(true);

		const pdf = space.file(`${name}.pdf`, onePagePdf(image));
		expect(qpdfCheck(pdf).status).toBe(0);
		const upright = autoOriented(space, jpeg, name);
		expect([upright.width, upright.height]).toEqual(orientation >= 5 ? [46, 70] : [70, 46]);
		const page = rendered(pdf, upright.width, upright.height, false);
		expect(maxDifference(page, upright)).toBeLessThanOrEqual(2);
	});

	test('the rendering tells the orientations apart (the photo is not symmetric)', () => {
		const jpeg = exiftool(space, stored, 'mirrored', ['-Orientation#=2']);
		const pdf = space.file('as-stored.pdf', onePagePdf({ ...jpegImage(jpeg), orientation: 1 }));
		expect(
			maxDifference(rendered(pdf, 70, 46, false), autoOriented(space, jpeg, 'mirrored')),
		).toBeGreaterThan(50);
	});
});
