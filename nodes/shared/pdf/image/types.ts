/**
 * What every image format module (jpeg, png, gif, bmp) gives the page writer: one image XObject, its
 * pixel size, the resolution the file states and how the picture is turned. The page (image/page.ts)
 * places it; the formats never know the page.
 */

/** EXIF orientation: 1 upright, 2 mirrored, 3 turned 180°, 4 flipped, 5-8 the four turned a quarter. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface ImageXObject {
	/** Pixels as stored in the file (before the orientation is applied). */
	width: number;
	height: number;
	/** Dots per inch the file states (JFIF or EXIF density, PNG pHYs, BMP pixels per metre); undefined when none. */
	resolution?: { x: number; y: number };
	/** How the stored pixels are turned to show the picture upright (EXIF); 1 for formats without. */
	orientation: Orientation;
	/** The image dictionary's entries after /Length: /Type /XObject /Subtype /Image /Width … /ColorSpace … /BitsPerComponent … /Filter … */
	dictionaryEntries: string;
	/** The stream's bytes: one buffer, or (a JPEG with metadata left out) the kept views of the file, in order. */
	data: Buffer | readonly Buffer[];
}
