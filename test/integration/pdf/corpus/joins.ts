/**
 * The proof a joined fax must pass, shared by the corpus suites: a cover sheet (renderCoverSheet with a
 * notice of 'x') joined in front of corpus documents by openDocument and joinDocuments; the output is
 * sound for qpdf, has exactly the pages pdfinfo counts in its sources, and each page renders, reads and
 * lists its images as its source page does. A TIFF's source pages are those of the PDF openDocument
 * makes of it (tiffToPdf), whose pages are in turn checked against tiffinfo's.
 */
import { joinDocuments, openDocument, renderCoverSheet } from '../../../../nodes/shared/pdf';
import { tiffToPdf } from '../../../../nodes/shared/pdf/tiff';
import { SOUND_PDF } from '../../../harness/pdf-reader';
import type { Corpus, CorpusDocument } from './corpus';
import { buildCorpus } from './corpus';
import type { CorpusTools, PdfProfile } from './tools';
import { corpusTools, differences } from './tools';

export interface JoinChecker {
	/**
	 * Joins a cover sheet and the documents and checks the output against `references` (the documents
	 * themselves unless given: a damaged file's reference is the file it was cut from); returns its page count.
	 */
	expectJoined(
		documents: readonly CorpusDocument[],
		references?: readonly CorpusDocument[],
	): Promise<number>;
	/** What the tools see of a corpus document as a PDF (once per name). */
	source(document: CorpusDocument): Promise<PdfProfile>;
}

export const coverSheet = (followingPages: number): Buffer =>
	renderCoverSheet({ confidentialityNotice: 'x' }, followingPages).pdf;

export function joinChecker(tools: CorpusTools): JoinChecker {
	const sources = new Map<string, Promise<PdfProfile>>();
	const covers = new Map<number, Promise<PdfProfile>>();
	const source = (document: CorpusDocument): Promise<PdfProfile> => {
		if (!sources.has(document.name))
			sources.set(
				document.name,
				document.kind === 'tiff' ? tiffSource(tools, document) : tools.profile(document.bytes),
			);
		return sources.get(document.name)!;
	};
	const cover = (followingPages: number): Promise<PdfProfile> => {
		if (!covers.has(followingPages))
			covers.set(followingPages, tools.profile(coverSheet(followingPages)));
		return covers.get(followingPages)!;
	};
	return {
		source,
		async expectJoined(documents, references = documents) {
			const profiles = await Promise.all(references.map(source));
			const following = profiles.reduce((sum, profile) => sum + profile.read.pages, 0);
			const joined = joinDocuments([
				openDocument(coverSheet(following)),
				...documents.map((document) => openDocument(document.bytes)),
			]);
			const [output, coverProfile] = await Promise.all([
				tools.profile(joined.pdf),
				cover(following),
			]);
			expect(output.read.check).toEqual(SOUND_PDF);
			expect({ pages: output.read.pages, counted: joined.pages }).toEqual({
				pages: following + 1,
				counted: following + 1,
			});
			expect(differences(output, [coverProfile, ...profiles])).toEqual({
				renders: [],
				texts: [],
				images: [],
			});
			return output.read.pages;
		},
	};
}

/**
 * The PDF openDocument makes of a TIFF, checked against tiffinfo: a page per directory, its images (a
 * page may be one image per strip) as wide as the page and as tall together.
 */
async function tiffSource(tools: CorpusTools, document: CorpusDocument): Promise<PdfProfile> {
	const [profile, pages] = await Promise.all([
		tools.profile(tiffToPdf(document.bytes).pdf),
		tools.tiffPages(document.bytes),
	]);
	const sizes = profile.images.map((images) => {
		const strips = images.map((image) => image.split(' ').slice(1, 3).map(Number));
		return {
			widths: [...new Set(strips.map(([width]) => width))],
			height: strips.reduce((sum, [, height]) => sum + height, 0),
		};
	});
	expect(sizes).toEqual(pages.map(({ width, height }) => ({ widths: [width], height })));
	return profile;
}

/** What a corpus suite uses; read its fields inside hooks and tests (the suite's hooks set them). */
export interface CorpusSuite {
	readonly corpus: Corpus;
	readonly tools: CorpusTools;
	readonly checker: JoinChecker;
}

/** The corpus, the tools and the join checker of one suite, as jest hooks of the enclosing file. */
export function useCorpusSuite(prefix: string): CorpusSuite {
	const suite: { corpus?: Corpus; tools?: CorpusTools; checker?: JoinChecker } = {};
	beforeAll(async () => {
		suite.corpus = await buildCorpus();
		suite.tools = corpusTools(prefix);
		suite.checker = joinChecker(suite.tools);
	});
	afterAll(() => {
		suite.corpus?.dispose();
		suite.tools?.dispose();
	});
	const ready = <T>(value: T | undefined, name: string): T => {
		if (value === undefined)
			throw new Error(`The corpus suite's ${name} is not ready yet: use it inside a hook or test.`);
		return value;
	};
	return {
		get corpus() {
			return ready(suite.corpus, 'corpus');
		},
		get tools() {
			return ready(suite.tools, 'tools');
		},
		get checker() {
			return ready(suite.checker, 'checker');
		},
	};
}
