import { spawnSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import { PdfDict, PdfStream, contiguous } from '../../../../nodes/shared/pdf/read/objects';
import { words } from '../../../harness/pdf-reader';
import type { HandObject } from '../../../harness/pdf/handmade';
import { HELVETICA, handmadePdf, textContent } from '../../../harness/pdf/handmade';
import { cover, imagePages, jpeg, letter } from '../helpers/sources';
import { expectSameAsSources, pdfTools } from '../helpers/tools';

/**
 * joinDocuments end to end: every joined file is checked by qpdf --check, its page count, and each page
 * against its source page (pdftoppm -r 50 pixels, pdftotext, pdfimages -list); then what the copy
 * keeps, shares and leaves out.
 */

const tools = pdfTools('fax-pdf-join-');
afterAll(() => tools.dispose());

const join = (...pdfs: Buffer[]) => joinDocuments(pdfs.map((pdf) => readPdf(pdf)));
const occurrences = (haystack: Buffer, needle: Buffer | string): number => {
	let count = 0;
	for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
	return count;
};

describe('a fax: the cover page, then the documents, each page as it was', () => {
	test('cover (2 pages) + letter + images + object streams + linearized: 11 pages, each the same as its source', () => {
		const sources = [
			cover(),
			letter(100),
			imagePages(tools),
			tools.qpdf(letter(60), ['--object-streams=generate']),
			tools.qpdf(letter(60), ['--linearize']),
		];
		const joined = join(...sources);
		expect(joined.pages).toBe(11);
		const { joined: read } = expectSameAsSources(tools, joined.pdf, sources, 11);
		expect(words(read.pageTexts[0])).toContain('Referral: cardiology consult');
		expect(joined.pdf.subarray(0, 10).toString('latin1')).toBe('%PDF-1.7\n%');
		expect([...joined.pdf.subarray(10, 14)].every((byte) => byte > 127)).toBe(true);
		expect(joined.pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
	});

	test('a joined file reads back with the reader itself, and joins again the same', () => {
		const sources = [cover(), letter(100)];
		const joined = join(...sources);
		expect(readPdf(joined.pdf).pageCount).toBe(5);
		expectSameAsSources(tools, join(joined.pdf).pdf, sources, 5);
	});

	test('PDFs cairo writes (pdftocairo): indirect /Length on every stream, embedded subset fonts, re-encoded images', () => {
		const cairo = (pdf: Buffer, name: string): Buffer => {
			const output = tools.path(name);
			expect(spawnSync('pdftocairo', ['-pdf', tools.read(pdf).file, output]).status).toBe(0);
			return readFileSync(output);
		};
		const sources = [
			cairo(letter(60), 'cairo-letter.pdf'),
			cairo(imagePages(tools), 'cairo-images.pdf'),
		];
		expect(sources[0].toString('latin1')).toMatch(/\/Length \d+ 0 R/);
		expectSameAsSources(tools, join(cover(), ...sources).pdf, [cover(), ...sources], 6);
	});

	// Ghostscript is another producer (embedded subset fonts, its own object layout) and writes 1-bit
	// images as CCITT G4, as fax scans are. Skipped where gs is not installed (CI installs it).
	// Ghostscript is a Debian package .ci/run installs: without it this test fails, it is not skipped.
	test('a Ghostscript PDF and a 1-bit CCITT scan', () => {
		const distilled = tools.path('distilled.pdf');
		const scan = tools.path('scan.pdf');
		const postscript = tools.path('scan.ps');
		const ghostscript = (...args: string[]) =>
			expect(
				spawnSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', ...args])
					.status,
			).toBe(0);
		ghostscript(`-sOutputFile=${distilled}`, tools.read(letter(60)).file);
		const side = 400;
		let hex = '';
		for (let y = 0; y < side; y++) {
			for (let x = 0; x < side; x += 8) {
				let byte = 0;
				for (let bit = 0; bit < 8; bit++)
					byte =
						(byte << 1) |
						((((x + bit) >> 5) + (y >> 5)) % 2 === 0 || (x + bit + y) % 37 === 0 ? 1 : 0);
				hex += byte.toString(16).padStart(2, '0');
			}
			hex += '\n';
		}
		writeFileSync(
			postscript,
			`%!PS\n<< /PageSize [612 792] >> setpagedevice\n/Times-Roman findfont 14 scalefont setfont 72 740 moveto (Scanned consent form) show\n` +
				`gsave 72 200 translate 468 500 scale ${side} ${side} true [${side} 0 0 -${side} 0 ${side}] currentfile /ASCIIHexDecode filter imagemask\n${hex}>\ngrestore showpage\n`,
		);
		ghostscript(`-sOutputFile=${scan}`, postscript);
		const sources = [cover(), readFileSync(distilled), readFileSync(scan)];
		const { joined } = expectSameAsSources(tools, join(...sources).pdf, sources, 5);
		expect(tools.images(joined.file, 5)[4].map((image) => image.split(' ')[6])).toEqual(['ccitt']);
	});
});

describe('what the copy keeps, shares and leaves out', () => {
	test('objects shared by the pages of a document are written once; the same document twice, twice', () => {
		const images = imagePages(tools);
		const photo = readPdf(images)
			.objectNumbers.map((number) => readPdf(images).context.get(number))
			.find(
				(object) => object instanceof PdfStream && object.dictionary.name('Filter') === 'DCTDecode',
			) as PdfStream;
		const once = join(images);
		expect(occurrences(once.pdf, Buffer.from(contiguous(photo.data)))).toBe(1);
		const twice = join(images, images);
		expect(occurrences(twice.pdf, Buffer.from(contiguous(photo.data)))).toBe(2);
		expectSameAsSources(tools, twice.pdf, [images, images], 4);
	});

	test('the objects written: catalog, one /Pages, the pages, and what they reach (not the Info, not the source /Pages)', () => {
		const source = letter(100);
		const fonts = occurrences(source, '/Type /Font');
		const joined = join(source);
		const size = Number(/\/Size (\d+)/.exec(joined.pdf.toString('latin1'))![1]);
		expect(size).toBe(1 + 2 + 3 * 2 + fonts);
		expect(occurrences(joined.pdf, '/Type /Pages')).toBe(1);
		expect(occurrences(joined.pdf, '/Producer')).toBe(0);
		expectSameAsSources(tools, joined.pdf, [source], 3);
	});

	test('stream bytes copied as they are, /Length the real byte count even where the source had it indirect or wrong', () => {
		const photo = jpeg(tools);
		const objects: HandObject[] = [
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im 6 0 R >> >> /Contents 4 0 R >>',
			{
				entries: '',
				data: `q 200 0 0 260 72 300 cm /Im Do Q ${textContent(['Indirect lengths'])}`,
			},
			HELVETICA,
			{
				entries: `/Subtype /Image /Width ${photo.width} /Height ${photo.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
				data: photo.data,
			},
		];
		const made = handmadePdf(objects);
		const content =
			textContent(['Indirect lengths']).length + 'q 200 0 0 260 72 300 cm /Im Do Q '.length;
		// The content stream's /Length becomes "7 0 R" (object 7 is appended by hand), the image's is 5 bytes too long.
		const text = made.pdf
			.toString('latin1')
			.replace(`<< /Length ${content}  >>`, '<< /Length 7 0 R >>')
			.replace(
				`/Length ${photo.data.length} /Subtype`,
				`/Length ${photo.data.length + 5} /Subtype`,
			);
		const pdf = Buffer.from(
			text.replace(/xref\n[\s\S]*$/, `7 0 obj\n${content}\nendobj\n`),
			'latin1',
		);
		const joined = join(pdf);
		expect(joined.pdf.includes(photo.data)).toBe(true);
		expect(joined.pdf.toString('latin1')).toContain(
			`<< /Length ${photo.data.length} /Subtype /Image`,
		);
		expect(joined.pdf.toString('latin1')).toContain(`<< /Length ${content} >>\nstream\n`);
		expectSameAsSources(tools, joined.pdf, [made.pdf], 1);
	});

	test('inherited /Resources /MediaBox /CropBox /Rotate written on each page, rendered the same', () => {
		const pdf = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 /MediaBox [0 0 595 842] /Resources << /Font << /F1 10 0 R >> >> >>',
			'<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 2 /Rotate 90 /CropBox [20 40 500 800] >>',
			'<< /Type /Page /Parent 3 0 R /Contents 7 0 R >>',
			'<< /Type /Page /Parent 3 0 R /Contents 8 0 R /MediaBox [0 0 612 792] /Rotate 270 >>',
			'<< /Type /Page /Parent 2 0 R /Contents 9 0 R >>',
			{ entries: '', data: textContent(['Rotated and cropped A4']) },
			{ entries: '', data: textContent(['Own Letter box, rotated 270']) },
			{ entries: '', data: textContent(['Plain A4 under the root']) },
			HELVETICA,
		]).pdf;
		const joined = join(pdf);
		expectSameAsSources(tools, joined.pdf, [pdf], 3);
		const output = readPdf(joined.pdf);
		expect(output.pages.map((page) => [...page.inherited.keys()])).toEqual([[], [], []]);
		expect(
			output.pages.map((page) =>
				['MediaBox', 'CropBox', 'Rotate', 'Resources'].filter((key) =>
					page.dictionary.entries.has(key),
				),
			),
		).toEqual([
			['MediaBox', 'CropBox', 'Rotate', 'Resources'],
			['MediaBox', 'CropBox', 'Rotate', 'Resources'],
			['MediaBox', 'Resources'],
		]);
		expect(output.pages[1].dictionary.get('Rotate')).toBe(270);
	});

	test('the structure tree, article beads and private data are left out, with every entry pointing into them', () => {
		const pdf = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 7 0 R /MarkInfo << /Marked true >> /Threads [9 0 R] >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Logo 6 0 R >> >> /Contents 4 0 R /StructParents 0 /B [10 0 R] /PieceInfo << /App << /Private 11 0 R >> >> >>',
			{
				entries: '',
				data: `/P << /MCID 0 >> BDC ${textContent(['Tagged page'])} EMC q 50 0 0 50 400 400 cm /Logo Do Q`,
			},
			HELVETICA,
			{
				entries: '/Type /XObject /Subtype /Form /BBox [0 0 1 1] /StructParent 1 /Ref 8 0 R',
				data: '0 0 1 rg 0 0 1 1 re f',
			},
			'<< /Type /StructTreeRoot /K [8 0 R] /ParentTree << /Nums [0 [8 0 R]] >> >>',
			'<< /Type /StructElem /S /P /P 7 0 R /Pg 3 0 R /K 0 >>',
			'<< /Type /Thread /F 10 0 R >>',
			'<< /Type /Bead /T 9 0 R /N 10 0 R /V 10 0 R /P 3 0 R /R [0 0 612 792] >>',
			{ entries: '', data: 'authoring application data' },
		]).pdf;
		const joined = join(pdf);
		const text = joined.pdf.toString('latin1');
		for (const left of [
			'StructParent',
			'StructTreeRoot',
			'StructElem',
			'/Bead',
			'/Thread',
			'PieceInfo',
			'authoring application data',
			'/B [',
		])
			expect(text).not.toContain(left);
		// The form's /Ref (a reference to a struct element here) is written as null.
		expect(text).toContain('/Ref null');
		expectSameAsSources(tools, joined.pdf, [pdf], 1);
	});

	test('a page written inline in /Kids, a page without /Type and /MediaBox (US Letter assumed)', () => {
		const inlinePage =
			'<< /Type /Page /MediaBox [0 0 300 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>';
		const objects = (kids: string): HandObject[] => [
			'<< /Type /Catalog /Pages 2 0 R >>',
			`<< /Type /Pages /Kids [${kids} 3 0 R] /Count 2 >>`,
			'<< /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >>',
			{ entries: '', data: 'BT /F1 12 Tf 20 150 Td (Inline page) Tj ET' },
			HELVETICA,
			{ entries: '', data: textContent(['No type, no box']) },
			inlinePage,
		];
		// poppler reads no page of a tree with an inline page: the reference has it as object 7.
		const joined = join(handmadePdf(objects(inlinePage)).pdf);
		expectSameAsSources(tools, joined.pdf, [handmadePdf(objects('7 0 R')).pdf], 2);
		expect(readPdf(joined.pdf).pages[1].dictionary.get('MediaBox')).toEqual([0, 0, 612, 792]);
	});

	test('the version: 1.7 at least, else the highest of the inputs', () => {
		const v20 = handmadePdf(
			[
				'<< /Type /Catalog /Pages 2 0 R >>',
				'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
			],
			{ version: '2.0' },
		).pdf;
		const joined = join(letter(5), v20);
		expect(joined.pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-2.0\n');
		expectSameAsSources(tools, joined.pdf, [letter(5), v20], 2);
		expect(join(letter(5)).pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
	});

	test('no documents: noPages', () => {
		expect(() => joinDocuments([])).toThrow(
			new DocumentError('noPages', 'there are no documents to join'),
		);
	});

	test('dictionaries only the reader sees are untouched: a joined page dictionary has /Parent 2 0 R', () => {
		const page = readPdf(join(letter(5)).pdf).pages[0].dictionary;
		expect(page.get('Parent')).toEqual(expect.objectContaining({ objectNumber: 2 }));
		expect(page.get('Resources')).toBeInstanceOf(PdfDict);
	});
});
