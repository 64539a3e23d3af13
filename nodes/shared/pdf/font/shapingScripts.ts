/**
 * Scripts an embedded font cannot print correctly by drawing one glyph per character left to right:
 * right-to-left scripts (their words would come out mirrored) and scripts whose letters join or
 * reorder (Arabic's contextual forms, the Indic conjuncts and vowel signs, Thai and its neighbours'
 * marks and word breaks). The letter writer has no bidirectional layout and no shaping engine, so a
 * letter in one of them is refused naming the script, never printed wrong.
 */

/** Unicode script name (as \p{Script=…} spells it) -> what it needs, for the error message. */
const SCRIPTS: ReadonlyArray<readonly [script: string, needs: string]> = [
	['Arabic', 'right-to-left layout and joining letters'],
	['Hebrew', 'right-to-left layout'],
	['Syriac', 'right-to-left layout and joining letters'],
	['Thaana', 'right-to-left layout'],
	['Nko', 'right-to-left layout and joining letters'],
	['Samaritan', 'right-to-left layout'],
	['Mandaic', 'right-to-left layout and joining letters'],
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
	if (code < 0x0590 || (code > 0x18af && code < 0xa800) || (code > 0xabff && code < 0xfb1d))
		return undefined;
	const found = MATCHERS.find((matcher) => matcher.pattern.test(character));
	return found === undefined ? undefined : { script: found.script, needs: found.needs };
}

/** What a script the writer cannot lay out needs ("right-to-left layout and joining letters"). */
export function shapingNeeds(script: string): string {
	return SCRIPTS.find(([name]) => name === script)?.[1] ?? 'shaping';
}
