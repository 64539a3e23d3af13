/**
 * The character rule: what a fax letter may contain, applied to the letter body and to every cover
 * page value before anything is measured or drawn. The fonts are the standard-14 Helvetica faces (nothing
 * embedded), so they show Windows-1252 and most of Latin Extended-A and nothing else; a character outside
 * it must fail loudly, because a fax with a silently dropped or '?'-replaced character in a dose, a
 * name or a date is worse than no fax.
 *
 * 1. The text is normalised to Unicode NFC (so 'e' + U+0301 becomes 'é'); CRLF and a lone CR become LF,
 *    and LINE_BREAKS (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR) become LF or a blank line.
 * 2. A tab is kept: the layout moves the text after it to the next measured stop (tabStops.ts).
 * 3. A form feed (U+000C) starts a new page.
 * 4. Characters WinAnsi can show are kept: printable ASCII, U+00A0-U+00FF, and
 *    € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; so are the Latin Extended-A letters the
 *    fonts hold beyond WinAnsi (extendedGlyphs.ts), drawn through a second font resource per face.
 * 5. TRANSLITERATIONS (below) replaces common typography WinAnsi lacks with its plain form.
 * 6. DROPPED_CHARACTERS (invisible formatting: zero-width characters, the byte order mark, the soft
 *    hyphen, which WinAnsi has but viewers draw as a visible hyphen) are removed.
 * 7. Any other character (Greek, Cyrillic, Chinese, emoji, a combining mark NFC cannot merge, control
 *    characters) fails with LetterError reason 'character', naming the field and, in refusal.ts's
 *    words, letters and digits by script and count, symbols by code point; never the text.
 * Text that is empty or only whitespace after this fails with reason 'empty'.
 *
 * CHARACTER_RULE holds the same rule as plain text for the README and the node's field descriptions.
 */

import { LetterError, codePointLabel } from '../errors';
import { EXTENDED_CODE_POINTS, extendedGlyph } from './extendedGlyphs';
import { TAB_STOP_POINTS } from './tabStops';
import { winAnsiByte } from './winAnsi';
import type { Repertoire } from './faces';
import {
	hasShapedScript,
	isShapedScript,
	shapedScriptOf,
	shapingNeeds as SHAPING_NEEDS,
	shapingScriptOf,
} from '../font/shapingScripts';
import { mayReorder } from '../text/bidi';
import type { RefusedCharacter } from './refusal';
import { MAX_SYMBOLS_NAMED, groupRefused, refusalSummary } from './refusal';

/** Typography WinAnsi lacks -> its plain form. Short and explicit on purpose: every entry is a decision. */
export const TRANSLITERATIONS: ReadonlyMap<number, { replacement: string; name: string }> = new Map(
	[
		[0x2010, { replacement: '-', name: 'hyphen' }],
		[0x2011, { replacement: '-', name: 'non-breaking hyphen' }],
		[0x2012, { replacement: '-', name: 'figure dash' }],
		[0x2002, { replacement: ' ', name: 'en space' }],
		[0x2003, { replacement: ' ', name: 'em space' }],
		[0x2009, { replacement: ' ', name: 'thin space' }],
		[0x200a, { replacement: ' ', name: 'hair space' }],
		// No-break spaces stay unbreakable: "10 kg" is never split across lines.
		[0x2007, { replacement: '\u00a0', name: 'figure space' }],
		[0x202f, { replacement: '\u00a0', name: 'narrow no-break space' }],
		// WinAnsi's µ (U+00B5) is the same letter as Greek mu; NFC keeps them apart.
		[0x03bc, { replacement: '\u00b5', name: 'greek small letter mu' }],
		[0x2032, { replacement: "'", name: 'prime' }],
		[0x2033, { replacement: '"', name: 'double prime' }],
		[0x2044, { replacement: '/', name: 'fraction slash' }],
		[0x2248, { replacement: '~', name: 'almost equal to' }],
		[0x2192, { replacement: '->', name: 'rightwards arrow' }],
		[0x2190, { replacement: '<-', name: 'leftwards arrow' }],
	],
);

/** Unicode's other line breaks, as the LF line breaks the layout knows. */
export const LINE_BREAKS: ReadonlyMap<number, { replacement: string; name: string }> = new Map([
	[0x0085, { replacement: '\n', name: 'next line' }],
	[0x2028, { replacement: '\n', name: 'line separator' }],
	[0x2029, { replacement: '\n\n', name: 'paragraph separator' }],
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

/** Ranges of invisible format characters, removed like the ones above (first, last, name). */
export const DROPPED_RANGES: ReadonlyArray<readonly [number, number, string]> = [
	[0xfe00, 0xfe0f, 'variation selectors, as after © or ✓'],
	[0xe0100, 0xe01ef, 'variation selectors supplement'],
	[0x200e, 0x200f, 'left-to-right and right-to-left marks'],
	[0x202a, 0x202e, 'bidirectional embeddings and overrides'],
	[0x2061, 0x2064, 'invisible mathematical operators'],
	[0x2066, 0x2069, 'bidirectional isolates'],
	[0x061c, 0x061c, 'arabic letter mark'],
	[0x180e, 0x180e, 'mongolian vowel separator'],
	[0xe0001, 0xe007f, 'tag characters'],
];

/**
 * Format characters kept in a right-to-left or shaped letter in an embedded font, where they mean
 * something: ZWNJ and ZWJ break or make a join (Persian writes ZWNJ inside words), the bidi marks,
 * embeddings and isolates set direction. They are drawn as nothing. (first, last)
 */
const KEPT_FOR_LAYOUT: ReadonlyArray<readonly [number, number]> = [
	[0x200c, 0x200f],
	[0x061c, 0x061c],
	[0x202a, 0x202e],
	[0x2066, 0x2069],
];

function isKeptForLayout(codePoint: number): boolean {
	return KEPT_FOR_LAYOUT.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Whether a text holds Arabic or Hebrew, or anything right to left: the layout will use the bidi algorithm. */
function usesVisualLayout(text: string): boolean {
	return mayReorder(text) || hasShapedScript(text);
}

function isDropped(codePoint: number): boolean {
	return (
		DROPPED_CHARACTERS.has(codePoint) ||
		DROPPED_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last)
	);
}

/** Latin Extended-A letters neither WinAnsi nor the extended glyphs show, for the rule's text. */
const LATIN_EXTENDED_A_MISSING: readonly number[] = Array.from(
	{ length: 0x80 },
	(_, index) => 0x100 + index,
).filter(
	(codePoint) => winAnsiByte(codePoint) === undefined && extendedGlyph(codePoint) === undefined,
);

const TAB = 0x09;
const LINE_FEED = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;

/** "U+2264 ≤ (less-than or equal to)"; a space-like character is not shown, it would look like nothing. */
function describe(codePoint: number, what: string): string {
	const character = String.fromCodePoint(codePoint);
	return /\s/.test(character)
		? `${codePointLabel(codePoint)} (${what})`
		: `${codePointLabel(codePoint)} ${character} (${what})`;
}

function replacementLabel(replacement: string): string {
	if (replacement === ' ') return 'a space';
	if (replacement === '\u00a0') return 'a no-break space (U+00A0, never broken across lines)';
	if (replacement === '\u00b5') return 'µ (U+00B5)';
	return replacement;
}

/** The rule as plain text, built from the tables above so the README cannot drift from the code. */
export const CHARACTER_RULE: string = [
	'Text is normalised to Unicode NFC; CRLF and a lone CR become LF; ' +
		[...LINE_BREAKS]
			.map(
				([codePoint, { replacement, name }]) =>
					`${codePointLabel(codePoint)} (${name}) is ${replacement === '\n' ? 'a line break' : 'a paragraph break (a blank line)'}`,
			)
			.join(', ') +
		`. A tab moves the text after it to the next tab stop: every ${TAB_STOP_POINTS} pt (half an inch) from where the line starts (the left margin, or the value column on the cover page). A form feed starts a new page.`,
	'Characters the standard PDF fonts can show with WinAnsiEncoding (Windows-1252) are kept: printable ASCII, U+00A0-U+00FF (accented Latin letters, £ ¥ © ® ° ± µ × ÷ and so on), and € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.',
	`So are the letters of Latin Extended-A (U+0100-U+017F) the same fonts hold: ${EXTENDED_CODE_POINTS.filter(
		(codePoint) => codePoint <= 0x17f,
	)
		.map((codePoint) => String.fromCodePoint(codePoint))
		.join(' ')}, and these other letters and signs of theirs: ${EXTENDED_CODE_POINTS.filter(
		(codePoint) => codePoint > 0x17f,
	)
		.map((codePoint) => `${String.fromCodePoint(codePoint)} (${codePointLabel(codePoint)})`)
		.join(', ')}. ` +
		`The rest of that range (${LATIN_EXTENDED_A_MISSING.map((codePoint) => `${codePointLabel(codePoint)} ${String.fromCodePoint(codePoint)}`).join(', ')}) is not in the fonts and stops the letter like any other character.`,
	'These are replaced: ' +
		[...TRANSLITERATIONS]
			.map(
				([codePoint, { replacement, name }]) =>
					`${describe(codePoint, name)} -> ${replacementLabel(replacement)}`,
			)
			.join('; ') +
		'.',
	'These are removed: ' +
		[
			...[...DROPPED_CHARACTERS].map(
				([codePoint, name]) => `${codePointLabel(codePoint)} (${name})`,
			),
			...DROPPED_RANGES.map(([first, last, name]) =>
				first === last
					? `${codePointLabel(first)} (${name})`
					: `${codePointLabel(first)}-${codePointLabel(last)} (${name})`,
			),
		].join('; ') +
		'.',
	`With a Letter Font, in a letter with Arabic, Hebrew or any other right-to-left text, these are kept instead, printing as nothing: ${KEPT_FOR_LAYOUT.map(
		([first, last]) =>
			first === last ? codePointLabel(first) : `${codePointLabel(first)}-${codePointLabel(last)}`,
	).join(', ')} (they join or part letters and set the text's direction).`,
	`Any other character (for example Greek, Cyrillic, Chinese, emoji, a combining mark that NFC cannot merge, or a control character) stops the letter; it is never replaced by "?" or left out. The error names the field and, so that it never spells a name, counts letters, marks and digits by script with where the first of them is ("8 Greek letters, the first at line 1, column 10"); symbols, emoji and control characters are named by code point (U+XXXX) with their line and column, the first ${MAX_SYMBOLS_NAMED} of them.`,
	'Text that is empty or only whitespace stops the letter too.',
].join('\n');

/**
 * Applies the rule to one input. The result holds only characters the fonts show (WinAnsi and the
 * extended glyphs), LF line breaks, tabs and form feeds. Line and column in errors count code points of
 * the NFC-normalised input, lines split at LF, CRLF, CR or a LINE_BREAKS character, so they point at
 * what an editor shows.
 *
 * With an embedded font's `repertoire`, the font decides instead of WinAnsi: a character it has is
 * kept, a transliteration applies only when the font lacks the character and has its replacement, and
 * the refusal names the font. Characters of scripts that need right-to-left layout or shaping
 * (font/shapingScripts.ts) and combining marks NFC left unmerged (they need mark positioning) are
 * refused even when the font has them, naming the script.
 */
export function applyCharacterRule(text: string, field: string, repertoire?: Repertoire): string {
	const normalised = text.normalize('NFC');
	const keepLayoutCharacters = repertoire !== undefined && usesVisualLayout(normalised);
	const decided = new Map<number, ReturnType<typeof embeddedCharacter>>();
	let output = '';
	let line = 1;
	let column = 0;
	let afterCarriageReturn = false;
	const refused: RefusedCharacter[] = [];
	for (const character of normalised) {
		const codePoint = character.codePointAt(0) ?? 0;
		if (codePoint === LINE_FEED && afterCarriageReturn) {
			afterCarriageReturn = false;
			continue;
		}
		afterCarriageReturn = codePoint === CARRIAGE_RETURN;
		if (codePoint === LINE_FEED || codePoint === CARRIAGE_RETURN || LINE_BREAKS.has(codePoint)) {
			output += LINE_BREAKS.get(codePoint)?.replacement ?? '\n';
			line += 1;
			column = 0;
			continue;
		}
		column += 1;
		if (codePoint === TAB || codePoint === FORM_FEED) {
			output += character;
		} else if (keepLayoutCharacters && isKeptForLayout(codePoint)) {
			output += character;
		} else if (isDropped(codePoint)) {
			// Checked before WinAnsi: the soft hyphen is in WinAnsi, and still dropped.
			continue;
		} else if (repertoire !== undefined) {
			// A letter repeats its characters: each is decided once.
			let kept = decided.get(codePoint);
			if (kept === undefined)
				decided.set(codePoint, (kept = embeddedCharacter(character, repertoire)));
			if (typeof kept === 'string') output += kept;
			else refused.push({ character, line, column, ...kept });
		} else if (winAnsiByte(codePoint) !== undefined || extendedGlyph(codePoint) !== undefined) {
			output += character;
		} else if (TRANSLITERATIONS.has(codePoint)) {
			const { replacement } = TRANSLITERATIONS.get(codePoint)!;
			output += replacement;
		} else {
			// Arabic and Hebrew are not in the standard fonts: a Letter Font that has them prints them.
			refused.push({ character, line, column, shaping: shapingScriptOf(character) });
		}
	}
	if (refused.length > 0) throw refusal(field, refused, repertoire);
	return output;
}

/** What an embedded font prints for a character (itself or its transliteration), or why it refuses it. */
function embeddedCharacter(
	character: string,
	repertoire: Repertoire,
): string | Pick<RefusedCharacter, 'shaping' | 'unmergedMark'> {
	const shaping = shapingScriptOf(character);
	if (shaping !== undefined) return { shaping };
	const codePoint = character.codePointAt(0) ?? 0;
	const shaped = shapedScriptOf(character);
	if (shaped !== undefined) {
		// Arabic needs the font's joining forms for every letter; Hebrew needs its mark positioning for marks.
		if (!repertoire.has(codePoint)) return {};
		const mark = /\p{M}/u.test(character);
		const gap = shaped === 'Arabic' || mark ? repertoire.shapingGap(shaped) : undefined;
		return gap === undefined ? character : { shaping: { script: shaped, needs: gap } };
	}
	// NFC has already joined every mark it can: what is left would need the font's mark positioning.
	if (/\p{M}/u.test(character)) return { unmergedMark: true };
	if (repertoire.has(codePoint)) return character;
	const transliteration = TRANSLITERATIONS.get(codePoint);
	if (
		transliteration !== undefined &&
		[...transliteration.replacement].every((replacement) =>
			repertoire.has(replacement.codePointAt(0) ?? 0),
		)
	)
		return transliteration.replacement;
	return {};
}

/**
 * One error for every refused character: the field, and the refusal's words (refusal.ts): letters and
 * digits counted by script with their first position, never one by one, so no name can be read back.
 */
function refusal(
	field: string,
	refused: readonly RefusedCharacter[],
	repertoire: Repertoire | undefined,
): LetterError {
	const groups = groupRefused(refused);
	const gap = (script: string) =>
		repertoire === undefined || !isShapedScript(script) ? undefined : repertoire.shapingGap(script);
	const shapingNeeds = (script: string) => {
		const missing = gap(script);
		return missing === undefined
			? `${script} needs ${SHAPING_NEEDS(script)}, which the letter writer does not do`
			: `${script} cannot be shaped with ${repertoire!.description}: ${missing}`;
	};
	const summary = refusalSummary(
		groups,
		repertoire === undefined ? 'not in the standard fax fonts' : `not in ${repertoire.description}`,
		shapingNeeds,
	);
	const shaping = groups.find((group) => group.reason === 'shaping');
	return new LetterError('character', `${field}: ${summary}; replace or remove them`, {
		field,
		refusal: { summary, groups },
		script: shaping?.kind === 'script' ? shaping.script : undefined,
	});
}

/** Whether a ruled text has nothing to print: only spaces, no-break spaces, line breaks and form feeds. */
export function isBlank(ruledText: string): boolean {
	return ruledText.trim() === '';
}

/** The rule for an input that must have content: the letter body. */
export function requireText(text: unknown, field: string, repertoire?: Repertoire): string {
	if (typeof text !== 'string')
		throw new LetterError(
			'empty',
			`${field} must be a text, not ${text === null ? 'null' : typeof text}`,
			{ field },
		);
	const ruled = applyCharacterRule(text, field, repertoire);
	if (isBlank(ruled))
		throw new LetterError(
			'empty',
			`${field} is empty or only whitespace: there is nothing to fax`,
			{ field },
		);
	return ruled;
}
