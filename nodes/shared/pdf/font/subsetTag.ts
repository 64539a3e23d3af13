/**
 * The six capital letters before a subset font's name (PDF 1.7 section 9.6.4, "ABCDEF+NotoSans"). They
 * tell subsets of one font apart; taken from a hash of the font file and the glyphs kept, they depend
 * on nothing else, so the same letter gives the same bytes on every run.
 */

import { createHash } from 'crypto';

export function subsetTag(fontBytes: Uint8Array, glyphIds: readonly number[]): string {
	const hash = createHash('sha256');
	hash.update(fontBytes);
	// Big-endian, so the tag is the same on every machine.
	const ids = Buffer.alloc(glyphIds.length * 4);
	glyphIds.forEach((glyphId, index) => ids.writeUInt32BE(glyphId, index * 4));
	hash.update(ids);
	const digest = hash.digest();
	let tag = '';
	for (let index = 0; index < 6; index += 1) tag += String.fromCharCode(65 + (digest[index] % 26));
	return tag;
}
