/**
 * Real-world PDFs that once broke a reader or a joiner, committed as fixtures named for their quirk
 * (test/fixtures/real-world-pdf/README.md: source, licence, quirk). Each is read by the package's
 * reader and copied alone into a new PDF, which qpdf --check finds sound and poppler renders, reads and
 * lists images of exactly as it does the source (pdftoppm page against page).
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { joinDocuments, openDocument } from '../../../nodes/shared/pdf';
import { expectSameAsSources, pdfTools } from './helpers/tools';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'real-world-pdf');
const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf'));

const tools = pdfTools('real-world-');
afterAll(() => tools.dispose());

describe('real-world PDFs with quirks, copied as poppler reads them', () => {
	test('the fixtures are there, each listed in the README with its source and licence', () => {
		const readme = readFileSync(join(FIXTURES, 'README.md'), 'utf8');
		expect(files.length).toBeGreaterThanOrEqual(8);
		expect(files.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
	});

	test.each(files)('%s', (name) => {
		const source = readFileSync(join(FIXTURES, name));
		const document = openDocument(source);
		const { pdf, pages } = joinDocuments([document]);
		expect(pages).toBe(document.pageCount);
		expectSameAsSources(tools, pdf, [source], pages);
	});
});
