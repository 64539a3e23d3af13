/**
 * The example workflows run for a clinic as imported: none names an address of the machine it was
 * written on (a loopback host such as the sandbox's or a local n8n's), the only URLs a node fetches are
 * public ones the sandbox also serves under the same path (the fonts example's Noto Sans), callbacks go
 * to the workflow's own trigger through n8n's own URL (example-files.test.ts), and every example's note
 * says what a clinic changes. The e2e suites run them with no node edited but those URLs' origin.
 */
import { readdirSync } from 'fs';

import { startSandbox, type Sandbox } from '../../sandbox';
import { PUBLIC_FONT_PATHS } from '../../sandbox/sampleFonts';
import {
	EXAMPLES_DIR,
	FILES,
	parseExample,
	PUBLIC_FONT_ORIGIN,
	readExampleText,
	strings,
} from './helpers/examples';

const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
/** A loopback or unspecified host, as a URL or a bare address (127.0.0.1:4010). */
const LOCAL_ADDRESS = /\blocalhost\b|\b127\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\b0\.0\.0\.0\b|\[::1?\]/i;

const files = readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json'));
const notesOf = (file: string): string =>
	parseExample(readExampleText(file))
		.nodes.filter((node) => node.type === STICKY_NOTE)
		.map((node) => String(node.parameters.content))
		.join('\n');
/** Every URL written into a node's parameters (notes left out), with its node. */
const urlsOf = (file: string) =>
	parseExample(readExampleText(file))
		.nodes.filter((node) => node.type !== STICKY_NOTE)
		.flatMap((node) =>
			strings(node.parameters).flatMap((entry) =>
				[...entry.value.matchAll(/https?:\/\/[^\s"'`)]+/g)].map((match) => ({
					node: node.name,
					url: match[0],
				})),
			),
		);

describe('the examples run for a clinic as imported', () => {
	test('the check sees every example, and it knows a loopback address when it sees one', () => {
		expect(files.length).toBeGreaterThanOrEqual(Object.keys(FILES).length + 2);
		for (const local of [
			'http://127.0.0.1:4010/samples/referral.pdf',
			'http://localhost:5678/webhook/x',
			'Base URL `127.0.0.1:4010`',
			'http://[::1]:5678/',
		])
			expect(LOCAL_ADDRESS.test(local)).toBe(true);
		expect(LOCAL_ADDRESS.test(`${PUBLIC_FONT_ORIGIN}/google/fonts`)).toBe(false);
	});

	test('no example names a loopback address, in a node or in a note', () => {
		for (const file of files) {
			const found = readExampleText(file)
				.split('\n')
				.filter((line) => LOCAL_ADDRESS.test(line))
				.map((line) => line.trim().slice(0, 160));
			expect({ file, found }).toEqual({ file, found: [] });
		}
	});

	test('the only URLs a node fetches are public https ones, on the origin the suites point at the sandbox, under a path it serves', () => {
		for (const file of files) {
			for (const { node, url } of urlsOf(file)) {
				const parsed = new URL(url);
				expect({
					file,
					node,
					origin: parsed.origin,
					served: parsed.pathname in PUBLIC_FONT_PATHS,
				}).toEqual({
					file,
					node,
					origin: PUBLIC_FONT_ORIGIN,
					served: true,
				});
			}
		}
		// The fonts example fetches both of its fonts so, and it is the only one that fetches anything.
		const fetching = files.flatMap((file) =>
			parseExample(readExampleText(file))
				.nodes.filter((node) => node.type === HTTP_REQUEST)
				.map((node) => ({ file, url: node.parameters.url })),
		);
		expect(fetching).toEqual(
			Object.keys(PUBLIC_FONT_PATHS).map((path) => ({
				file: FILES.scriptLetter,
				url: `${PUBLIC_FONT_ORIGIN}${path}`,
			})),
		);
	});

	test("every example's note says what a clinic changes: its own credential; the fonts example, where else to keep the font", () => {
		for (const file of files)
			expect({ file, note: /choose your own/i.test(notesOf(file)) }).toEqual({ file, note: true });
		expect(notesOf(FILES.scriptLetter)).toMatch(/google\/fonts repository at a fixed commit/);
		expect(notesOf(FILES.scriptLetter)).toMatch(/change the two URLs/);
	});

	test("the form letter's note tells the characters as docs/letters.md does: WinAnsi and the extended glyphs in the standard font, any unshaped script with a TrueType font", () => {
		const note = notesOf(FILES.formLetter);
		expect(note).not.toMatch(/Windows-1252 characters only/);
		expect(note).toMatch(/Windows-1252 \(WinAnsi/);
		expect(note).toMatch(/Latin Extended-A/);
		expect(note).toMatch(
			/TrueType Font File\*\*: the letter then prints any script the font holds that needs no shaping/,
		);
	});

	describe('the sandbox serves the public font paths', () => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0 });
		});
		afterAll(async () => {
			await sandbox?.stop();
		});

		test("each public font URL's path, on the sandbox's origin, is a TrueType font: the sample font of its name", async () => {
			for (const [path, name] of Object.entries(PUBLIC_FONT_PATHS)) {
				const response = await fetch(`${sandbox.origin}${path}`);
				expect({
					path,
					status: response.status,
					type: response.headers.get('content-type'),
				}).toEqual({
					path,
					status: 200,
					type: 'font/ttf',
				});
				const font = Buffer.from(await response.arrayBuffer());
				expect(font.readUInt32BE(0)).toBe(0x00010000);
				const sample = Buffer.from(
					await (await fetch(`${sandbox.origin}/samples/fonts/${name}`)).arrayBuffer(),
				);
				expect(font.equals(sample)).toBe(true);
			}
		});
	});
});
