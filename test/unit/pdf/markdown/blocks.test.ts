import type { Block } from '../../../../nodes/shared/pdf/letter/markdown/blocks';
import { parseBlocks, tableCells } from '../../../../nodes/shared/pdf/letter/markdown/blocks';

const kinds = (blocks: readonly Block[]) => blocks.map((block) => block.kind);

describe('Markdown blocks, by CommonMark and GitHub tables', () => {
	test('ATX and setext headings; `#5 Main St` is a paragraph', () => {
		expect(parseBlocks('# Referral\n## Reason ##\n#### Deep\n#5 Main St\n#hashtag')).toEqual([
			{ kind: 'heading', level: 1, text: 'Referral' },
			{ kind: 'heading', level: 2, text: 'Reason' },
			{ kind: 'heading', level: 4, text: 'Deep' },
			{ kind: 'paragraph', text: '#5 Main St\n#hashtag' },
		]);
		expect(parseBlocks('Title\n=====\n\nSub\n---')).toEqual([
			{ kind: 'heading', level: 1, text: 'Title' },
			{ kind: 'heading', level: 2, text: 'Sub' },
		]);
	});

	test('paragraphs keep their lines; thematic breaks; `-5 mg` is no list', () => {
		expect(parseBlocks('Dear Dr. Smith,\nthank you.\n\n---\n\n* * *\n-5 mg daily')).toEqual([
			{ kind: 'paragraph', text: 'Dear Dr. Smith,\nthank you.' },
			{ kind: 'rule' },
			{ kind: 'rule' },
			{ kind: 'paragraph', text: '-5 mg daily' },
		]);
	});

	test('bullet and numbered lists, nested by indentation, tight or loose; a numbered list keeps its start', () => {
		const [list] = parseBlocks(
			'- Hypertension\n- Diabetes\n  - HbA1c 7.2%\n  - metformin\n- Asthma',
		);
		expect(list).toEqual({
			kind: 'list',
			ordered: false,
			start: 1,
			tight: true,
			items: [
				[{ kind: 'paragraph', text: 'Hypertension' }],
				[
					{ kind: 'paragraph', text: 'Diabetes' },
					{
						kind: 'list',
						ordered: false,
						start: 1,
						tight: true,
						items: [
							[{ kind: 'paragraph', text: 'HbA1c 7.2%' }],
							[{ kind: 'paragraph', text: 'metformin' }],
						],
					},
				],
				[{ kind: 'paragraph', text: 'Asthma' }],
			],
		});
		const [numbered] = parseBlocks('3. third\n\n4. fourth\n   continued');
		expect(numbered).toMatchObject({ ordered: true, start: 3, tight: false });
		expect((numbered as Extract<Block, { kind: 'list' }>).items[1]).toEqual([
			{ kind: 'paragraph', text: 'fourth\ncontinued' },
		]);
		// A list after a paragraph line, and a lazy continuation line of an item.
		expect(kinds(parseBlocks('Problems:\n- one\nstill one\n- two'))).toEqual(['paragraph', 'list']);
		expect(
			(parseBlocks('- one\nstill one')[0] as Extract<Block, { kind: 'list' }>).items[0],
		).toEqual([{ kind: 'paragraph', text: 'one\nstill one' }]);
		// Only a numbered list starting at 1 interrupts a paragraph: "in 2020. We" stays text.
		expect(kinds(parseBlocks('Seen in\n2020. We met.'))).toEqual(['paragraph']);
	});

	test('block quotes (with lazy lines), fenced and indented code', () => {
		expect(parseBlocks('> Note: mornings\nonly.\n> **Call** first')).toEqual([
			{
				kind: 'quote',
				children: [{ kind: 'paragraph', text: 'Note: mornings\nonly.\n**Call** first' }],
			},
		]);
		expect(parseBlocks('```text\n  indented **not bold**\n\nline\n```\nafter')).toEqual([
			{ kind: 'code', lines: ['  indented **not bold**', '', 'line'] },
			{ kind: 'paragraph', text: 'after' },
		]);
		expect(parseBlocks('para\n\n    code line\n      deeper\n\npara')).toEqual([
			{ kind: 'paragraph', text: 'para' },
			{ kind: 'code', lines: ['code line', '  deeper'] },
			{ kind: 'paragraph', text: 'para' },
		]);
	});

	test('GitHub tables: alignment, escaped pipes, pipes in code, rows wider than the header kept', () => {
		expect(
			parseBlocks(
				'| Test | Result | Range |\n|:-----|-------:|:-----:|\n| LDL | 162 | < 100 |\n| a \\| b | `x|y` |\n| 1 | 2 | 3 | extra |\n\nafter',
			),
		).toEqual([
			{
				kind: 'table',
				alignments: ['left', 'right', 'center', 'start'],
				header: ['Test', 'Result', 'Range', ''],
				rows: [
					['LDL', '162', '< 100', ''],
					['a | b', '`x|y`', '', ''],
					['1', '2', '3', 'extra'],
				],
			},
			{ kind: 'paragraph', text: 'after' },
		]);
		expect(tableCells('no | outer | pipes')).toEqual(['no', 'outer', 'pipes']);
		// A paragraph line before the header stays a paragraph.
		expect(kinds(parseBlocks('Labs:\na | b\n--|--\n1 | 2'))).toEqual(['paragraph', 'table']);
	});

	test('raw HTML is text; a form feed is a page break', () => {
		expect(parseBlocks('<div>kept</div>\fnext page')).toEqual([
			{ kind: 'paragraph', text: '<div>kept</div>' },
			{ kind: 'pageBreak' },
			{ kind: 'paragraph', text: 'next page' },
		]);
	});
});
