/**
 * Which scripts the letter writer shapes, and which it refuses. Arabic and Hebrew are laid out right
 * to left and shaped with the font's own tables (letter/visualLine.ts, font/shaping/), when the font
 * has the tables HarfBuzz would use (shapingGap). The scripts below would print wrong one glyph a
 * character (their letters join, reorder or stack in ways the shaper does not do), so a letter in one
 * of them is refused naming the script, never printed wrong.
 */

import type { ShapingScript } from './shaping/shape';

/** The scripts the writer shapes: a character belongs when its Script_Extensions has the script (harakat included). */
const SHAPED_SCRIPTS: ReadonlyArray<{ script: ShapingScript; pattern: RegExp }> = [
	{ script: 'Arabic', pattern: /\p{Script_Extensions=Arabic}/u },
	{ script: 'Hebrew', pattern: /\p{Script_Extensions=Hebrew}/u },
];
const ANY_SHAPED = /[\p{Script_Extensions=Arabic}\p{Script_Extensions=Hebrew}]/u;

/** The shaped script a character belongs to (Arabic or Hebrew), else undefined. */
export function shapedScriptOf(character: string): ShapingScript | undefined {
	const code = character.codePointAt(0) ?? 0;
	if (code < 0x0590) return undefined;
	return SHAPED_SCRIPTS.find(({ pattern }) => pattern.test(character))?.script;
}

/** Whether a script name is one the writer shapes. */
export function isShapedScript(script: string): script is ShapingScript {
	return SHAPED_SCRIPTS.some((shaped) => shaped.script === script);
}

/** Whether a text holds a character of a script the writer shapes (a letter, a mark, a digit). */
export function hasShapedScript(text: string): boolean {
	return ANY_SHAPED.test(text);
}

const JOINING = 'its joining letters shaped (done for Arabic only)';
const MARKS = 'its marks positioned by shaping (done for Arabic and Hebrew only)';

/** Unicode script name (as \p{Script=…} spells it) -> what it needs, for the error message. */
const SCRIPTS: ReadonlyArray<readonly [script: string, needs: string]> = [
	['Syriac', JOINING],
	['Thaana', MARKS],
	['Nko', JOINING],
	['Samaritan', MARKS],
	['Mandaic', JOINING],
	['Devanagari', 'shaping (conjuncts and reordered vowel signs)'],
	['Bengali', 'shaping (conjuncts and reordered vowel signs)'],
	['Gurmukhi', 'shaping (conjuncts and reordered vowel signs)'],
	['Gujarati', 'shaping (conjuncts and reordered vowel signs)'],
	['Oriya', 'shaping (conjuncts and reordered vowel signs)'],
	['Tamil', 'shaping (conjuncts and reordered vowel signs)'],
	['Telugu', 'shaping (conjuncts and reordered vowel signs)'],
	['Kannada', 'shaping (conjuncts and reordered vowel signs)'],
	['Malayalam', 'shaping (conjuncts and reordered vowel signs)'],
	['Sinhala', 'shaping (conjuncts and reordered vowel signs)'],
	['Thai', 'shaping (stacked marks) and dictionary line breaking'],
	['Lao', 'shaping (stacked marks) and dictionary line breaking'],
	['Khmer', 'shaping (stacked marks) and dictionary line breaking'],
	['Myanmar', 'shaping (stacked marks) and dictionary line breaking'],
	['Tibetan', 'shaping (stacked letters)'],
	['Mongolian', 'vertical layout and joining letters'],
];

const MATCHERS = SCRIPTS.map(([script, needs]) => ({
	script,
	needs,
	pattern: new RegExp(`\\p{Script=${script}}`, 'u'),
}));

/** The script a character belongs to when the letter writer cannot print it, else undefined. */
export function shapingScriptOf(character: string): { script: string; needs: string } | undefined {
	const code = character.codePointAt(0) ?? 0;
	// Latin, Greek, Cyrillic and CJK are far below or above these scripts' blocks: skip the tests.
	if (code < 0x0700 || (code > 0x18af && code < 0xa800) || (code > 0xabff && code < 0xfb1d))
		return undefined;
	const found = MATCHERS.find((matcher) => matcher.pattern.test(character));
	return found === undefined ? undefined : { script: found.script, needs: found.needs };
}

/** What a script the writer cannot lay out needs ("right-to-left layout and joining letters"). */
export function shapingNeeds(script: string): string {
	return SCRIPTS.find(([name]) => name === script)?.[1] ?? 'shaping';
}
