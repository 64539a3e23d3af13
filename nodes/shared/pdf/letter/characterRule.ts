/**
 * The character rule: what a fax letter may contain, applied to the letter body and to every cover
 * page value before anything is measured or drawn. The fonts are the standard-14 Helvetica faces with
 * WinAnsiEncoding (nothing embedded), so they show Windows-1252 and nothing else; a character outside
 * it must fail loudly, because a fax with a silently dropped or '?'-replaced character in a dose, a
 * name or a date is worse than no fax.
 *
 * 1. The text is normalised to Unicode NFC (so 'e' + U+0301 becomes 'é'); CRLF and a lone CR become LF.
 * 2. A tab moves to the next 4-character stop (filled with spaces).
 * 3. A form feed (U+000C) starts a new page.
 * 4. Characters WinAnsi can show are kept: printable ASCII, U+00A0-U+00FF, and
 *    € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
 * 5. TRANSLITERATIONS (below) replaces common typography WinAnsi lacks with its plain form.
 * 6. DROPPED_CHARACTERS (invisible formatting: zero-width characters, the byte order mark, the soft
 *    hyphen, which WinAnsi has but viewers draw as a visible hyphen) are removed.
 * 7. Any other character (Greek, Cyrillic, Chinese, emoji, a combining mark NFC cannot merge, control
 *    characters) fails with LetterError reason 'character', naming the code point as U+XXXX, its
 *    1-based line and column, and the field; never the text.
 * Text that is empty or only whitespace after this fails with reason 'empty'.
 *
 * CHARACTER_RULE holds the same rule as plain text for the README and the node's field descriptions.
 */

import { LetterError, codePointLabel } from '../errors';
import { winAnsiByte } from './winAnsi';

export const TAB_STOP = 4;

/** Typography WinAnsi lacks -> its plain form. Short and explicit on purpose: every entry is a decision. */
export const TRANSLITERATIONS: ReadonlyMap<number, { replacement: string; name: string }> = new Map([
	[0x2010, { replacement: '-', name: 'hyphen' }],
	[0x2011, { replacement: '-', name: 'non-breaking hyphen' }],
	[0x2012, { replacement: '-', name: 'figure dash' }],
	[0x2212, { replacement: '-', name: 'minus sign' }],
	[0x2002, { replacement: ' ', name: 'en space' }],
	[0x2003, { replacement: ' ', name: 'em space' }],
	[0x2007, { replacement: ' ', name: 'figure space' }],
	[0x2009, { replacement: ' ', name: 'thin space' }],
	[0x200a, { replacement: ' ', name: 'hair space' }],
	[0x202f, { replacement: ' ', name: 'narrow no-break space' }],
	[0x2032, { replacement: "'", name: 'prime' }],
	[0x2033, { replacement: '"', name: 'double prime' }],
	[0x2044, { replacement: '/', name: 'fraction slash' }],
	[0x2264, { replacement: '<=', name: 'less-than or equal to' }],
	[0x2265, { replacement: '>=', name: 'greater-than or equal to' }],
	[0x2260, { replacement: '!=', name: 'not equal to' }],
	[0x2248, { replacement: '~', name: 'almost equal to' }],
	[0x2192, { replacement: '->', name: 'rightwards arrow' }],
	[0x2190, { replacement: '<-', name: 'leftwards arrow' }],
]);

/** Invisible formatting characters, removed. */
export const DROPPED_CHARACTERS: ReadonlyMap<number, string> = new Map([
	[0x200b, 'zero width space'],
	[0x200c, 'zero width non-joiner'],
	[0x200d, 'zero width joiner'],
	[0x2060, 'word joiner'],
	[0xfeff, 'byte order mark, zero width no-break space'],
	[0x00ad, 'soft hyphen'],
]);

const TAB = 0x09;
const LINE_FEED = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;

/** "U+2264 ≤ (less-than or equal to)"; a space-like character is not shown, it would look like nothing. */
function describe(codePoint: number, what: string): string {
	const character = String.fromCodePoint(codePoint);
	return /\s/.test(character) ? `${codePointLabel(codePoint)} (${what})` : `${codePointLabel(codePoint)} ${character} (${what})`;
}

/** The rule as plain text, built from the tables above so the README cannot drift from the code. */
export const CHARACTER_RULE: string = [
	'Text is normalised to Unicode NFC; CRLF and a lone CR become LF. A tab moves to the next 4-character stop. A form feed starts a new page.',
	'Characters the standard PDF fonts can show with WinAnsiEncoding (Windows-1252) are kept: printable ASCII, U+00A0-U+00FF (accented Latin letters, £ ¥ © ® ° ± µ × ÷ and so on), and € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.',
	'These are replaced: ' +
		[...TRANSLITERATIONS].map(([codePoint, { replacement, name }]) => `${describe(codePoint, name)} -> ${replacement === ' ' ? 'a space' : replacement}`).join('; ') +
		'.',
	'These are removed: ' + [...DROPPED_CHARACTERS].map(([codePoint, name]) => `${codePointLabel(codePoint)} (${name})`).join('; ') + '.',
	'Any other character (for example Greek, Cyrillic, Chinese, emoji, a combining mark that NFC cannot merge, or a control character) stops the letter with an error naming its code point (U+XXXX), its line and column and the field; it is never replaced by "?" or left out.',
	'Text that is empty or only whitespace stops the letter too.',
].join('\n');

/**
 * Applies the rule to one input. The result holds only characters WinAnsi can show, LF line breaks
 * and form feeds. Line and column in errors count code points of the NFC-normalised input, lines
 * split at LF, CRLF or CR, so they point at what an editor shows.
 */
export function applyCharacterRule(text: string, field: string): string {
	const normalised = text.normalize('NFC');
	let output = '';
	let line = 1;
	let column = 0;
	// Column in the output line, for tab stops: a transliteration can be wider than one character.
	let outputColumn = 0;
	let afterCarriageReturn = false;
	for (const character of normalised) {
		const codePoint = character.codePointAt(0) ?? 0;
		if (codePoint === LINE_FEED && afterCarriageReturn) {
			afterCarriageReturn = false;
			continue;
		}
		afterCarriageReturn = codePoint === CARRIAGE_RETURN;
		if (codePoint === LINE_FEED || codePoint === CARRIAGE_RETURN) {
			output += '\n';
			line += 1;
			column = 0;
			outputColumn = 0;
			continue;
		}
		column += 1;
		if (codePoint === TAB) {
			const spaces = TAB_STOP - (outputColumn % TAB_STOP);
			output += ' '.repeat(spaces);
			outputColumn += spaces;
		} else if (codePoint === FORM_FEED) {
			output += '\f';
			outputColumn = 0;
		} else if (DROPPED_CHARACTERS.has(codePoint)) {
			// Checked before WinAnsi: the soft hyphen is in WinAnsi, and still dropped.
			continue;
		} else if (winAnsiByte(codePoint) !== undefined) {
			output += character;
			outputColumn += 1;
		} else if (TRANSLITERATIONS.has(codePoint)) {
			const { replacement } = TRANSLITERATIONS.get(codePoint)!;
			output += replacement;
			outputColumn += replacement.length;
		} else {
			throw new LetterError(
				'character',
				`${field}: character ${codePointLabel(codePoint)} at line ${line}, column ${column} cannot be shown by the fax fonts (standard PDF fonts, Windows-1252 characters only); replace or remove it`,
				{ field, codePoint: codePointLabel(codePoint), line, column },
			);
		}
	}
	return output;
}

/** Whether a ruled text has nothing to print: only spaces, no-break spaces, line breaks and form feeds. */
export function isBlank(ruledText: string): boolean {
	return ruledText.trim() === '';
}

/** The rule for an input that must have content: the letter body. */
export function requireText(text: unknown, field: string): string {
	if (typeof text !== 'string') throw new LetterError('empty', `${field} must be a text, not ${text === null ? 'null' : typeof text}`, { field });
	const ruled = applyCharacterRule(text, field);
	if (isBlank(ruled)) throw new LetterError('empty', `${field} is empty or only whitespace: there is nothing to fax`, { field });
	return ruled;
}
