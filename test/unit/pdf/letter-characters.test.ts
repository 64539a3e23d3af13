import * as pdf from '../../../nodes/shared/pdf';
import { applyCharacterRule } from '../../../nodes/shared/pdf/letter/characterRule';
import { textWidthUnits } from '../../../nodes/shared/pdf/letter/fontWidths';
import { letterError } from '../../harness/pdf/letterError';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { hashes } = require('../../fixtures/plain-letters/hashes.js') as {
	hashes(library: typeof pdf): Record<string, string>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const before = require('../../fixtures/plain-letters/hashes.json') as Record<string, string>;

describe('what a letter may hold', () => {
	test('plain letters keep the bytes they had before Markdown and the new characters (fixtures)', () => {
		expect(hashes(pdf)).toEqual(before);
	});

	test('the rest of what the Helvetica metrics hold prints as itself: Ș ș ≤ ≥ ≠ − Δ ∑ √ ∂ ◊', () => {
		const text = 'Ș ș ≤ ≥ ≠ − Δ ∆ ∑ √ ∂ ◊';
		expect(applyCharacterRule(text, 'text')).toBe(text);
		// Measured with Adobe's widths (Helvetica-Bold's ș is wider than Helvetica's).
		expect(textWidthUnits('Helvetica', 'ș')).toBe(500);
		expect(textWidthUnits('Helvetica-Bold', 'ș')).toBe(556);
		expect(textWidthUnits('Helvetica-Oblique', '≤')).toBe(549);
		expect(textWidthUnits('Courier', '√')).toBe(600);
	});

	test('variation selectors and other invisible format characters are dropped like the zero-width joiner', () => {
		expect(applyCharacterRule('©\uFE0F 2026 \u200Eok\u2066x\u2069', 'text')).toBe('© 2026 okx');
	});

	test('a refused letter names every distinct refused character once, with its first line and column', () => {
		const error = letterError(() => applyCharacterRule('ok ✓\nИван ✓ 😀', 'text'));
		expect(error.reason).toBe('character');
		expect(error.characters).toEqual([
			{ codePoint: 'U+2713', line: 1, column: 4 },
			{ codePoint: 'U+0418', line: 2, column: 1 },
			{ codePoint: 'U+0432', line: 2, column: 2 },
			{ codePoint: 'U+0430', line: 2, column: 3 },
			{ codePoint: 'U+043D', line: 2, column: 4 },
			{ codePoint: 'U+1F600', line: 2, column: 8 },
		]);
		expect(error.message).toBe(
			'text: 6 characters cannot be shown by the fax fonts (standard PDF fonts: Windows-1252 and most of Latin Extended-A): U+2713 at line 1, column 4; U+0418 at line 2, column 1; U+0432 at line 2, column 2; U+0430 at line 2, column 3; U+043D at line 2, column 4; U+1F600 at line 2, column 8; replace or remove them',
		);
		const many = letterError(() => applyCharacterRule('Γεώργιος Παπαδόπουλος', 'text'));
		expect(many.characters).toHaveLength(10);
		expect(many.refusedCount).toBe(15);
		expect(many.message).toContain('; and 5 more; replace or remove them');
		// One refused character: the message as before.
		expect(letterError(() => applyCharacterRule('a ✓', 'text')).message).toBe(
			'text: character U+2713 at line 1, column 3 cannot be shown by the fax fonts (standard PDF fonts: Windows-1252 and most of Latin Extended-A); replace or remove it',
		);
	});
});
