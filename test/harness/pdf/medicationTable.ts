/**
 * The seven-column medication list of issue 57 (words were broken mid-word without a hyphen in its
 * narrow columns), as Markdown, and what "no word broken" means when its text is read back: every
 * printed word is a source word, or a run of its own pieces (a date broken after its own hyphen).
 */
import { breakPieces } from '../../../nodes/shared/pdf/letter/lineBreak';

export const MEDICATION_HEADER = [
	'Medication',
	'Dose',
	'Route',
	'Frequency',
	'Prescriber',
	'Start',
	'Notes',
];

export const MEDICATIONS = [
	[
		'Hydrochlorothiazide',
		'25 mg',
		'Oral',
		'Once daily',
		'Dr. Montgomery',
		'2024-01-15',
		'Refill authorized through pharmacy',
	],
	[
		'Lisinopril / Hydrochlorothiazide',
		'20 mg / 12.5 mg',
		'Subcutaneous',
		'Twice daily',
		'Dr. Papadopoulos',
		'2023-11-02',
		'Monitor potassium, authorized',
	],
	[
		'Metoprolol succinate',
		'50 mg',
		'Intramuscular',
		'Once daily',
		'Dr. Nakamura',
		'2022-06-30',
		'Hold if bradycardia; contraindicated',
	],
];

/** A GitHub table of `header` and `rows`. */
export const markdownTable = (header: readonly string[], rows: readonly string[][]): string =>
	[header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');

export const MEDICATION_TABLE = markdownTable(MEDICATION_HEADER, MEDICATIONS);

/** The medication list's words (split at spaces), header first. */
export const MEDICATION_WORDS = [MEDICATION_HEADER, ...MEDICATIONS].flatMap((row) =>
	row.flatMap((cell) => cell.split(' ')),
);

/** What of a word one line may hold: a run of its consecutive pieces ("2024-01-15", "2024-", "01-15", …). */
export function partsOf(word: string): string[] {
	const pieces = breakPieces(word);
	return pieces.flatMap((_, start) =>
		pieces.slice(start).map((__, length) => pieces.slice(start, start + length + 1).join('')),
	);
}

/**
 * The words of `words` a read-back text breaks (a printed word that is no whole word nor a run of a
 * word's pieces), and those it lacks (a piece of a word no printed word holds). Both empty: every word
 * whole, or broken only where it has a hyphen or slash of its own.
 */
export function brokenWords(
	printed: readonly string[],
	words: readonly string[],
): { foreign: string[]; missing: string[] } {
	const allowed = new Map(words.flatMap((word) => partsOf(word).map((part) => [part, word])));
	const foreign = printed.filter((token) => !allowed.has(token));
	const missing = words.filter(
		(word) =>
			!breakPieces(word).every((piece) =>
				printed.some((token) => allowed.get(token) === word && token.includes(piece)),
			),
	);
	return { foreign, missing };
}
