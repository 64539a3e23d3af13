/**
 * Unicode code point -> WinAnsiEncoding byte (PDF 1.7 annex D.2, the same as Windows-1252). The
 * standard-14 fonts drawn with /WinAnsiEncoding can show exactly these characters, no embedding needed.
 */

import { codePointLabel } from '../errors';

/** The bytes 0x80-0x9F that WinAnsi gives to typography (Latin-1 has C1 control codes there). */
const SPECIALS: ReadonlyMap<number, number> = new Map([
	[0x20ac, 0x80], // € euro sign
	[0x201a, 0x82], // ‚ single low-9 quotation mark
	[0x0192, 0x83], // ƒ florin
	[0x201e, 0x84], // „ double low-9 quotation mark
	[0x2026, 0x85], // … ellipsis
	[0x2020, 0x86], // † dagger
	[0x2021, 0x87], // ‡ double dagger
	[0x02c6, 0x88], // ˆ modifier circumflex
	[0x2030, 0x89], // ‰ per mille
	[0x0160, 0x8a], // Š
	[0x2039, 0x8b], // ‹ single left angle quotation mark
	[0x0152, 0x8c], // Œ
	[0x017d, 0x8e], // Ž
	[0x2018, 0x91], // ‘ left single quotation mark
	[0x2019, 0x92], // ’ right single quotation mark
	[0x201c, 0x93], // “ left double quotation mark
	[0x201d, 0x94], // ” right double quotation mark
	[0x2022, 0x95], // • bullet
	[0x2013, 0x96], // – en dash
	[0x2014, 0x97], // — em dash
	[0x02dc, 0x98], // ˜ small tilde
	[0x2122, 0x99], // ™ trade mark
	[0x0161, 0x9a], // š
	[0x203a, 0x9b], // › single right angle quotation mark
	[0x0153, 0x9c], // œ
	[0x017e, 0x9e], // ž
	[0x0178, 0x9f], // Ÿ
]);

/** The WinAnsi byte that shows a code point, or undefined when the fonts cannot show it. */
export function winAnsiByte(codePoint: number): number | undefined {
	if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff))
		return codePoint;
	return SPECIALS.get(codePoint);
}

/** Encodes a text the character rule has passed; a character WinAnsi lacks is a programming error. */
export function encodeWinAnsi(text: string): Buffer {
	const bytes: number[] = [];
	for (const character of text) {
		const codePoint = character.codePointAt(0) ?? 0;
		const byte = winAnsiByte(codePoint);
		if (byte === undefined) {
			throw new RangeError(
				`${codePointLabel(codePoint)} has no WinAnsi byte: the text did not go through the character rule`,
			);
		}
		bytes.push(byte);
	}
	return Buffer.from(bytes);
}
