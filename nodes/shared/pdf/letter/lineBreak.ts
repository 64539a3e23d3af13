/**
 * Where a line may break inside a run without spaces. Latin text breaks at spaces and after a hyphen or
 * slash (layout.ts wordPieces); Chinese and Japanese have no spaces, and Korean words may be longer
 * than a line, so, in the spirit of Unicode's line breaking algorithm (UAX #14, class ID), a line may
 * also break between two ideographs, kana or hangul syllables, and between one of them and other text:
 * but never before closing punctuation, small kana and the prolonged sound mark (、。」）ー っ: classes
 * CL, CP, NS, EX, IS), nor after opening punctuation (「（: class OP). A word without such characters
 * gives exactly the pieces wordPieces gives.
 */

/**
 * The pieces of a word a line may break between: after a run of '-' or '/' with a character on both
 * sides ("follow-" "up", "https://" "example.com/" "a"). A leading '-' ("-5") or '/' stays attached.
 */
export function wordPieces(word: string): string[] {
	return word.split(/(?<=[^-/][-/]+)(?=[^-/])/);
}

/** Ideographs, kana, hangul syllables, CJK symbols and full-width forms: UAX #14's ID and its neighbours. */
function isCjk(codePoint: number): boolean {
	return (
		(codePoint >= 0x2e80 && codePoint <= 0x2fdf) || // CJK radicals, Kangxi radicals
		(codePoint >= 0x3000 && codePoint <= 0x30ff) || // CJK symbols and punctuation, hiragana, katakana
		(codePoint >= 0x3130 && codePoint <= 0x318f) || // hangul compatibility jamo
		(codePoint >= 0x31c0 && codePoint <= 0x4dbf) || // strokes, katakana extension, enclosed, extension A
		(codePoint >= 0x4e00 && codePoint <= 0x9fff) || // unified ideographs
		(codePoint >= 0xa960 && codePoint <= 0xa97f) || // hangul jamo extended-A
		(codePoint >= 0xac00 && codePoint <= 0xd7ff) || // hangul syllables, jamo extended-B
		(codePoint >= 0xf900 && codePoint <= 0xfaff) || // compatibility ideographs
		(codePoint >= 0xfe30 && codePoint <= 0xfe4f) || // CJK compatibility forms
		(codePoint >= 0xff00 && codePoint <= 0xffef) || // full-width and half-width forms
		(codePoint >= 0x20000 && codePoint <= 0x3ffff) // ideographs of the supplementary planes
	);
}

/** No break before these: closing punctuation, iteration marks, small kana, ー, and ASCII's closers. */
const NO_BREAK_BEFORE = new Set(
	[
		...'、。，．・：；？！‼⁇⁈⁉」』）］｝〕〉》】〙〗〟〞ヽヾゝゞ々〻ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ゠〜～',
		...'ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ',
		...'｡｣､･ｧｨｩｪｫｬｭｮｯｰ％，．：；！？）］｝',
		...')]},.:;!?%’”',
	].map((character) => character.codePointAt(0)!),
);

/** No break after these: opening punctuation. */
const NO_BREAK_AFTER = new Set(
	[...'「『（［｛〔〈《【〘〖〝｢([{‘“'].map((character) => character.codePointAt(0)!),
);

function mayBreakBetween(before: number, after: number): boolean {
	return (
		(isCjk(before) || isCjk(after)) && !NO_BREAK_BEFORE.has(after) && !NO_BREAK_AFTER.has(before)
	);
}

/** Splits a run without spaces where CJK text lets a line break (see above). */
function cjkPieces(piece: string): string[] {
	const characters = [...piece];
	if (!characters.some((character) => isCjk(character.codePointAt(0)!))) return [piece];
	const pieces: string[] = [];
	let current = '';
	let previous: number | undefined;
	for (const character of characters) {
		const codePoint = character.codePointAt(0)!;
		if (previous !== undefined && mayBreakBetween(previous, codePoint)) {
			pieces.push(current);
			current = '';
		}
		current += character;
		previous = codePoint;
	}
	pieces.push(current);
	return pieces;
}

/** The pieces of a word a line may break between: after a hyphen or slash, and in CJK text. */
export function breakPieces(word: string): string[] {
	return wordPieces(word).flatMap(cjkPieces);
}
