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

	test('a refusal counts letters by script with the first position, never one by one; symbols by code point', () => {
		const error = letterError(() => applyCharacterRule('ok ✓\nИван ✓ 😀', 'text'));
		expect(error.reason).toBe('character');
		expect(error.refusal!.groups).toEqual([
			{
				kind: 'script',
				script: 'Cyrillic',
				noun: 'letters',
				count: 4,
				line: 2,
				column: 1,
				reason: 'notInFont',
			},
			{ kind: 'symbol', codePoint: 'U+2713', line: 1, column: 4, reason: 'notInFont' },
			{ kind: 'symbol', codePoint: 'U+1F600', line: 2, column: 8, reason: 'notInFont' },
		]);
		expect(error.message).toBe(
			'text: 4 Cyrillic letters, the first at line 2, column 1: not in the standard fax fonts. symbols U+2713 at line 1, column 4; U+1F600 at line 2, column 8: not in the standard fax fonts; replace or remove them',
		);
		const greek = letterError(() => applyCharacterRule('Γεώργιος Παπαδόπουλος', 'text'));
		expect(greek.message).toBe(
			'text: 20 Greek letters, the first at line 1, column 1: not in the standard fax fonts; replace or remove them',
		);
		// Digits and letters of one script are counted together.
		expect(letterError(() => applyCharacterRule('Ref ٣٤ محمد', 'text')).message).toBe(
			'text: 6 Arabic characters, the first at line 1, column 5: not in the standard fax fonts; replace or remove them',
		);
	});

	test('each reason is said once, the symbols named are capped and the message stays short', () => {
		const symbols = '✓✗★☆♥♦♣♠☎✉';
		const text = `Γεώργιος Παπαδόπουλος, 山田太郎, Иван, محمد علي ${symbols}\n`.repeat(40);
		const error = letterError(() => applyCharacterRule(text, 'text'));
		expect(error.message.match(/not in the standard fax fonts/g)).toHaveLength(2);
		expect(error.message).toContain('symbols U+2713 at line 1, column 45');
		expect(error.message).toContain('and 5 more');
		expect(error.message.length).toBeLessThan(600);
	});
});
