/**
 * The words of a character refusal, which must not spell the text: letters, marks and digits (a name,
 * a date of birth) are counted by script with the first position only ("8 Greek letters, the first at
 * line 1, column 10"); symbols, emoji and control characters, which spell no one, are named by code
 * point (the first MAX_SYMBOLS_NAMED of them). Each reason is said once.
 */

import type { RefusalReason, RefusedGroup } from '../errors';
import { codePointLabel } from '../errors';

/** One refused character as the rule met it: where, and why (undefined: not in the font in use). */
export interface RefusedCharacter {
	character: string;
	line: number;
	column: number;
	/** Set for a script the writer cannot lay out (font/shapingScripts.ts): 'Arabic', with what it needs. */
	shaping?: { script: string; needs: string };
	/** A combining mark NFC left unmerged (it needs mark positioning). */
	unmergedMark?: boolean;
}

/** How many different symbols one message names by code point; the rest are counted. */
export const MAX_SYMBOLS_NAMED = 5;
/** How many script groups one message names; more are counted (a letter seldom mixes more). */
const MAX_SCRIPT_GROUPS = 4;

/** Unicode script names (as \p{Script=…} spells them) and how the message calls them. */
const SCRIPT_NAMES: ReadonlyArray<readonly [script: string, name: string]> = [
	['Latin', 'Latin'],
	['Greek', 'Greek'],
	['Cyrillic', 'Cyrillic'],
	['Armenian', 'Armenian'],
	['Georgian', 'Georgian'],
	['Hebrew', 'Hebrew'],
	['Arabic', 'Arabic'],
	['Syriac', 'Syriac'],
	['Thaana', 'Thaana'],
	['Nko', "N'Ko"],
	['Samaritan', 'Samaritan'],
	['Mandaic', 'Mandaic'],
	['Devanagari', 'Devanagari'],
	['Bengali', 'Bengali'],
	['Gurmukhi', 'Gurmukhi'],
	['Gujarati', 'Gujarati'],
	['Oriya', 'Oriya'],
	['Tamil', 'Tamil'],
	['Telugu', 'Telugu'],
	['Kannada', 'Kannada'],
	['Malayalam', 'Malayalam'],
	['Sinhala', 'Sinhala'],
	['Thai', 'Thai'],
	['Lao', 'Lao'],
	['Tibetan', 'Tibetan'],
	['Myanmar', 'Myanmar'],
	['Khmer', 'Khmer'],
	['Mongolian', 'Mongolian'],
	['Ethiopic', 'Ethiopic'],
	['Cherokee', 'Cherokee'],
	['Canadian_Aboriginal', 'Canadian syllabics'],
	['Han', 'Chinese (Han)'],
	['Hiragana', 'Japanese (hiragana)'],
	['Katakana', 'Japanese (katakana)'],
	['Hangul', 'Korean (Hangul)'],
	['Bopomofo', 'Bopomofo'],
	['Yi', 'Yi'],
	['Inherited', 'combining'],
];

const SCRIPT_MATCHERS = SCRIPT_NAMES.map(([script, name]) => ({
	name,
	pattern: new RegExp(`^\\p{Script=${script}}$`, 'u'),
}));

function scriptName(character: string): string {
	return SCRIPT_MATCHERS.find(({ pattern }) => pattern.test(character))?.name ?? 'other-script';
}

/** Ideographs and syllables are characters, not letters, as their readers say. */
const CHARACTER_SCRIPTS =
	/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Yi}]$/u;

function nounOf(character: string): 'letters' | 'characters' | 'marks' | 'digits' | undefined {
	if (/\p{L}/u.test(character)) return CHARACTER_SCRIPTS.test(character) ? 'characters' : 'letters';
	if (/\p{M}/u.test(character)) return 'marks';
	if (/\p{N}/u.test(character)) return 'digits';
	return undefined;
}

function reasonOf(refused: RefusedCharacter): RefusalReason {
	if (refused.shaping !== undefined) return 'shaping';
	return refused.unmergedMark === true ? 'unmergedMark' : 'notInFont';
}

/** Every refused character (each occurrence, in text order) as groups: scripts first, in order of first position, then symbols. */
export function groupRefused(refused: readonly RefusedCharacter[]): RefusedGroup[] {
	const scripts = new Map<string, Extract<RefusedGroup, { kind: 'script' }>>();
	const symbols = new Map<string, Extract<RefusedGroup, { kind: 'symbol' }>>();
	for (const entry of refused) {
		const reason = reasonOf(entry);
		const noun = nounOf(entry.character);
		if (noun === undefined) {
			const codePoint = codePointLabel(entry.character.codePointAt(0) ?? 0);
			if (!symbols.has(codePoint))
				symbols.set(codePoint, {
					kind: 'symbol',
					codePoint,
					line: entry.line,
					column: entry.column,
					reason,
				});
			continue;
		}
		const script = entry.shaping?.script ?? scriptName(entry.character);
		const key = `${script}\u0000${reason}`;
		const group = scripts.get(key);
		if (group === undefined) {
			scripts.set(key, {
				kind: 'script',
				script,
				noun,
				count: 1,
				line: entry.line,
				column: entry.column,
				reason,
			});
		} else {
			group.count += 1;
			if (group.noun !== noun) group.noun = 'characters';
		}
	}
	return [...scripts.values(), ...symbols.values()];
}

function singular(noun: string): string {
	return noun.replace(/s$/, '');
}

function scriptPhrase(group: Extract<RefusedGroup, { kind: 'script' }>): string {
	return group.count === 1
		? `1 ${group.script} ${singular(group.noun)} at line ${group.line}, column ${group.column}`
		: `${group.count} ${group.script} ${group.noun}, the first at line ${group.line}, column ${group.column}`;
}

/**
 * The refusal in one short sentence per reason, without the field: `notInFont` words what the font in
 * use lacks ("not in the standard fax fonts", "not in the letter's font (NotoSans-Regular)"), and
 * `shapingNeeds` what a script needs ("Arabic needs right-to-left layout and joining letters").
 */
export function refusalSummary(
	groups: readonly RefusedGroup[],
	notInFont: string,
	shapingNeeds: (script: string) => string,
): string {
	const scripts = groups.filter((group) => group.kind === 'script');
	const symbols = groups.filter((group) => group.kind === 'symbol');
	const sentences: string[] = [];
	const shown = scripts.slice(0, MAX_SCRIPT_GROUPS);
	const hidden = scripts.length - shown.length;
	const byReason = (reason: RefusalReason) => shown.filter((group) => group.reason === reason);
	const missing = byReason('notInFont');
	if (missing.length > 0) sentences.push(`${missing.map(scriptPhrase).join('; ')}: ${notInFont}`);
	for (const group of byReason('shaping'))
		sentences.push(`${scriptPhrase(group)}: ${shapingNeeds(group.script)}`);
	const marks = byReason('unmergedMark');
	if (marks.length > 0)
		sentences.push(
			`${marks.map(scriptPhrase).join('; ')}: combining marks NFC cannot join to the letter before them (they would need mark positioning)`,
		);
	if (hidden > 0) sentences.push(`letters of ${hidden} other scripts`);
	if (symbols.length > 0) {
		const named = symbols.slice(0, MAX_SYMBOLS_NAMED);
		const more = symbols.length - named.length;
		const list = named
			.map((symbol) => `${symbol.codePoint} at line ${symbol.line}, column ${symbol.column}`)
			.join('; ');
		sentences.push(
			`${named.length === 1 && more === 0 ? 'symbol' : 'symbols'} ${list}${more > 0 ? ` and ${more} more` : ''}: ${notInFont}`,
		);
	}
	return sentences.join('. ');
}
