import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

import { renderLetter } from '../../nodes/shared/pdf';
import { linksOf, readDoc, REPO_ROOT } from '../harness/docs';

interface LetterPicture {
	name: string;
	picture: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LETTERS, drawLetter } = require('../../scripts/letter-pictures') as {
	LETTERS: LetterPicture[];
	drawLetter(letter: LetterPicture, render: typeof renderLetter): Buffer;
};

/**
 * The pictures of an Arabic and a Hebrew letter in docs/letters-fonts.md are what the letter writer
 * draws now: each letter drawn by the source's renderLetter and rasterised as
 * scripts/letter-pictures.js does has the committed PNG's pixels, every one. Pixels, not bytes,
 * so another libpng's encoding of the same page passes; pdftoppm draws the same pixels on every run
 * (measured: the same bytes over repeated runs).
 */

const REGENERATE = 'npx tsc -p tsconfig.build.json && node scripts/letter-pictures.js';

/** A PNG's width (from its IHDR) and its pixels as one grey byte each, decoded by ImageMagick. */
function pixelsOf(png: Buffer): { width: number; height: number; grey: Buffer } {
	const grey = execFileSync('convert', ['png:-', '-colorspace', 'gray', '-depth', '8', 'gray:-'], {
		input: png,
		maxBuffer: 64 * 1024 * 1024,
	});
	return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), grey };
}

/** How the drawn picture differs from the committed one: '' when every pixel is the same. */
function difference(drawn: Buffer, committed: Buffer): string {
	const now = pixelsOf(drawn);
	const then = pixelsOf(committed);
	if (now.width !== then.width || now.height !== then.height)
		return `it is ${then.width}x${then.height} pixels where the letter now draws ${now.width}x${now.height}`;
	let differing = 0;
	let first = -1;
	for (let index = 0; index < now.grey.length; index++) {
		if (now.grey[index] === then.grey[index]) continue;
		differing++;
		if (first < 0) first = index;
	}
	if (differing === 0) return '';
	return `${differing} pixels differ, the first at (${first % now.width}, ${Math.floor(first / now.width)})`;
}

describe('the letter pictures in docs/images/', () => {
	test.each(LETTERS)('$picture is the $name letter as the letter writer draws it now', (letter) => {
		const drawn = drawLetter(letter, renderLetter);
		const found = difference(drawn, readFileSync(join(REPO_ROOT, letter.picture)));
		const stale = found
			? [
					`${letter.picture} is not what the letter writer draws now (${found}): run ` +
						`\`${REGENERATE}\`, look at the new picture, and commit it`,
				]
			: [];
		expect(stale).toEqual([]);
	});

	test('docs/letters-fonts.md shows both', () => {
		const shown = linksOf(readDoc('docs/letters-fonts.md'))
			.filter((link) => link.image)
			.map((link) => `docs/${link.target}`);
		expect(shown).toEqual(LETTERS.map((letter) => letter.picture));
	});
});
