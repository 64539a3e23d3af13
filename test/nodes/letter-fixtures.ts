/** What the suites of Document Source "Text" share: the letter the sandbox received, read back. */
import type { RecordedRequest } from '../../sandbox';
import type { ReadPdf } from '../harness/pdf-reader';
import { SOUND_PDF } from '../harness/pdf-reader';

/** The one file of a request the sandbox received: a PDF that passes qpdf --check, read back as text. */
export function receivedPdf(
	pdfs: { read(bytes: Buffer): ReadPdf },
	request: RecordedRequest,
): { text: string; pages: string[]; info: string; file: string } {
	expect(request.files).toHaveLength(1);
	expect(request.files[0]).toMatchObject({ field: 'file', mimetype: 'application/pdf' });
	const document = pdfs.read(request.files[0].data);
	expect(document.check).toEqual(SOUND_PDF);
	return {
		text: document.text,
		pages: document.pageTexts,
		info: document.info,
		file: document.file,
	};
}
