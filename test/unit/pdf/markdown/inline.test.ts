import type { InlineRun } from '../../../../nodes/shared/pdf/letter/markdown/inline';
import { parseInline } from '../../../../nodes/shared/pdf/letter/markdown/inline';

/** Runs as compact strings: "b:" bold, "i:" italic, "bi:" both, "c:" code, "|" a line break. */
function compact(runs: readonly InlineRun[]): string[] {
	return runs.map((run) => {
		if ('lineBreak' in run) return '|';
		const { bold, italic, code } = run.style;
		const prefix = `${bold ? 'b' : ''}${italic ? 'i' : ''}${code ? 'c' : ''}`;
		return prefix === '' ? run.text : `${prefix}:${run.text}`;
	});
}
const inline = (text: string) => compact(parseInline(text));

describe('Markdown inline content: what prints, in which face', () => {
	test('bold, italic, bold italic and code, with either delimiter', () => {
		expect(inline('**Patient:** Jane Doe')).toEqual(['b:Patient:', ' Jane Doe']);
		expect(inline('__Patient:__ Jane')).toEqual(['b:Patient:', ' Jane']);
		expect(inline('an *intermittent* pain')).toEqual(['an ', 'i:intermittent', ' pain']);
		expect(inline('an _intermittent_ pain')).toEqual(['an ', 'i:intermittent', ' pain']);
		expect(inline('***worse***')).toEqual(['bi:worse']);
		expect(inline('**bold *and italic* inside**')).toEqual([
			'b:bold ',
			'bi:and italic',
			'b: inside',
		]);
		expect(inline('see `ECG-2026` here')).toEqual(['see ', 'c:ECG-2026', ' here']);
		expect(inline('``a `tick` inside``')).toEqual(['c:a `tick` inside']);
	});

	test("CommonMark's harder emphasis cases (its spec's examples)", () => {
		expect(inline('*foo**bar**baz*')).toEqual(['i:foo', 'bi:bar', 'i:baz']);
		expect(inline('***foo** bar*')).toEqual(['bi:foo', 'i: bar']);
		expect(inline('*foo**bar*')).toEqual(['i:foo**bar']);
		expect(inline('foo*bar*')).toEqual(['foo', 'i:bar']);
		expect(inline('_foo_bar')).toEqual(['_foo_bar']);
		expect(inline('**foo bar **')).toEqual(['**foo bar **']);
		expect(inline('*(*foo*)*')).toEqual(['i:(foo)']);
		expect(parseInline('*a* '.repeat(20000))).toHaveLength(40000);
	});

	test('text that only looks like Markdown stays literal, as CommonMark says', () => {
		expect(inline('patient_id_123')).toEqual(['patient_id_123']);
		expect(inline('2 * 3 = 6 and 4 * 5')).toEqual(['2 * 3 = 6 and 4 * 5']);
		expect(inline('take -5 mg, then _ alone')).toEqual(['take -5 mg, then _ alone']);
		expect(inline('#5 Main St')).toEqual(['#5 Main St']);
		expect(inline('**unclosed bold')).toEqual(['**unclosed bold']);
		expect(inline('a `lone backtick')).toEqual(['a `lone backtick']);
		expect(inline('snake_case_name and file_name.pdf')).toEqual([
			'snake_case_name and file_name.pdf',
		]);
		expect(inline('<b>raw html</b> & &amp;')).toEqual(['<b>raw html</b> & &amp;']);
		expect(inline('~~struck~~ and [ ] box')).toEqual(['~~struck~~ and [ ] box']);
	});

	test('backslash escapes print the character itself', () => {
		expect(inline('\\*not italic\\* and \\# and \\_x\\_ and \\\\')).toEqual([
			'*not italic* and # and _x_ and \\',
		]);
		expect(inline('C:\\path\\file')).toEqual(['C:\\path\\file']);
	});

	test('links as "text (url)", the address once when it is the text; images as readable text', () => {
		expect(inline('See [the guide](https://example.org/guide).')).toEqual([
			'See the guide (https://example.org/guide).',
		]);
		expect(inline('[**bold** link](https://x.org "title")')).toEqual([
			'b:bold',
			' link (https://x.org)',
		]);
		expect(inline('<https://example.org/a>')).toEqual(['https://example.org/a']);
		expect(inline('[https://x.org](https://x.org)')).toEqual(['https://x.org']);
		expect(inline('[desk@clinic.org](mailto:desk@clinic.org)')).toEqual(['desk@clinic.org']);
		expect(inline('![ECG scan](scan.png)')).toEqual(['Image: ECG scan (scan.png)']);
		expect(inline('[not a link] (x)')).toEqual(['[not a link] (x)']);
	});

	test('every line break is kept; trailing spaces and a backslash before it make no difference', () => {
		expect(inline('Dr. Smith\n12 Main St')).toEqual(['Dr. Smith', '|', '12 Main St']);
		expect(inline('Dr. Smith  \n12 Main St')).toEqual(['Dr. Smith', '|', '12 Main St']);
		expect(inline('Dr. Smith\\\n12 Main St')).toEqual(['Dr. Smith', '|', '12 Main St']);
	});
});
