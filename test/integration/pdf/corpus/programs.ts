/**
 * The corpus's files from programs Debian installs (.ci/run: ghostscript, python3-reportlab,
 * libtiff-tools): Ghostscript's pdfwrite of a PostScript program (its own fonts, a grey image, a CCITT
 * bilevel one and an inline one, a page it turns by its text), reportlab (a form field with its
 * appearance, /Rotate, an image through PIL), a scanned document (Ghostscript renders the pages to
 * JPEG, pdf-lib puts one on each page), and multi-page TIFFs that libtiff compresses.
 */
import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { PDFDocument } from 'pdf-lib';
import { bilevelPage, pbm, pgm, scannedPage } from './images';
import { pageLines } from './producers';

/** Runs a program; its error names the program and what it printed. */
export function run(command: string, args: readonly string[], input?: string): Buffer {
	try {
		return execFileSync(command, args, {
			input,
			maxBuffer: 1 << 30,
			stdio: ['pipe', 'pipe', 'pipe'],
		});
	} catch (error) {
		throw new Error(`${command} ${args.join(' ')} failed: ${error.stderr ?? error.message}`);
	}
}

const GS = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER'];
const psString = (text: string) => `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
const hex = (bytes: Uint8Array) =>
	Buffer.from(bytes)
		.toString('hex')
		.replace(/(.{128})/g, '$1\n');

/** Ghostscript's pdfwrite of three pages; page 2's text runs upwards, so Ghostscript gives it /Rotate 90. */
export function ghostscriptDocument(directory: string): Buffer {
	const grey = scannedPage(96, 120, 21);
	const bilevel = bilevelPage(320, 320, 22);
	const small = bilevelPage(64, 64, 23);
	const show = (lines: string[], x: number, y: number) =>
		lines.map((line, index) => `${x} ${y - index * 16} moveto ${psString(line)} show`).join('\n');
	const image = (
		picture: { width: number; height: number },
		bits: number,
		data: Uint8Array,
		place: string,
	) =>
		`gsave ${place} ${picture.width} ${picture.height} ${bits} [${picture.width} 0 0 -${picture.height} 0 ${picture.height}] currentfile /ASCIIHexDecode filter image\n${hex(data)}>\ngrestore`;
	const program = [
		'%!PS-Adobe-3.0',
		'<< /PageSize [612 792] >> setpagedevice',
		'/Helvetica findfont 12 scalefont setfont',
		show(pageLines('ghostscript', 1, 6), 72, 720),
		image(grey, 8, grey.pixels, '72 250 translate 240 300 scale'),
		'showpage',
		'/Times-Roman findfont 13 scalefont setfont',
		`gsave 540 72 translate 90 rotate\n${show(pageLines('ghostscript', 2, 12), 0, 0)}\ngrestore`,
		'showpage',
		'/Courier findfont 11 scalefont setfont',
		show(pageLines('ghostscript', 3, 4), 72, 720),
		// 1 is black in PBM rows, 0 is black in PostScript's 1-bit image: invert.
		image(
			bilevel,
			1,
			bilevel.rows.map((byte) => ~byte & 0xff),
			'72 200 translate 320 320 scale',
		),
		image(
			small,
			1,
			small.rows.map((byte) => ~byte & 0xff),
			'420 600 translate 64 64 scale',
		),
		'showpage',
	].join('\n');
	const source = join(directory, 'ghostscript.ps');
	const output = join(directory, 'ghostscript.pdf');
	writeFileSync(source, program);
	run('gs', [
		...GS,
		'-sDEVICE=pdfwrite',
		'-dAutoRotatePages=/PageByPage',
		`-sOutputFile=${output}`,
		source,
	]);
	return readFileSync(output);
}

const REPORTLAB = `
import json, sys
from reportlab import rl_config
rl_config.invariant = 1
from reportlab.pdfgen import canvas
from reportlab.lib.pagesizes import letter
out, image, pages = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
c = canvas.Canvas(out, pagesize=letter)
def lines(page, font, size):
    c.setFont(font, size)
    for index, line in enumerate(page):
        c.drawString(72, 720 - index * (size + 4), line)
lines(pages[0], 'Helvetica', 12)
c.drawImage(image, 72, 250, width=200, height=250)
c.showPage()
c.setPageRotation(90)
lines(pages[1], 'Times-Roman', 14)
c.showPage()
c.setPageRotation(0)
lines(pages[2], 'Courier', 11)
c.acroForm.textfield(name='referral', value='Cardiology consult', x=72, y=520, width=260, height=24)
c.showPage()
c.save()
`;

/** reportlab (Debian's python3, not a virtualenv's): text, an image, a turned page, a filled form field. */
export function reportlabDocument(directory: string): Buffer {
	const image = join(directory, 'reportlab.pgm');
	const output = join(directory, 'reportlab.pdf');
	writeFileSync(image, pgm(scannedPage(100, 125, 31)));
	const pages = [1, 2, 3].map((page) => pageLines('reportlab', page, page === 2 ? 10 : 5));
	run('/usr/bin/python3', ['-c', REPORTLAB, output, image, JSON.stringify(pages)]);
	return readFileSync(output);
}

/** A PostScript page like a scan of a letter: tilted text over paper specks (seeded: the same pixels each time). */
function scanProgram(pages: number, seed: number): string {
	const words = [
		'patient',
		'referral',
		'cardiology',
		'results',
		'panel',
		'reviewed',
		'signed',
		'clinic',
		'dosage',
		'history',
		'imaging',
	];
	return [
		'%!PS',
		`/words [${words.map(psString).join(' ')}] def`,
		'/Times-Roman findfont 11 scalefont setfont',
		`1 1 ${pages} {`,
		`/page exch def page ${seed} add srand`,
		'<< /PageSize [612 792] >> setpagedevice gsave 0.3 rotate',
		'0.75 setgray 0 1 400 { pop rand 612 mod rand 792 mod rand 3 mod 1 add 0.7 mul dup rectfill } for',
		'0 setgray 72 720 moveto (Scanned page ) show page 10 string cvs show',
		'0 1 24 { /line exch def 72 700 line 14 mul sub moveto 0 1 7 { pop words rand words length mod get show ( ) show } for } for',
		'grestore showpage',
		'} for',
	].join('\n');
}

export interface ScanOptions {
	pages: number;
	/** Dots per inch of the scan (120 makes about 110 KB a page at quality 50). */
	resolution: number;
	/** JPEG quality, 0 to 100. */
	quality: number;
	seed?: number;
}

/** A scanned document: each page one grey JPEG (Ghostscript renders the scans, pdf-lib places them), no text layer. */
export async function scannedDocument(directory: string, options: ScanOptions): Promise<Buffer> {
	const source = join(directory, `scan-${options.seed ?? 0}.ps`);
	writeFileSync(source, scanProgram(options.pages, options.seed ?? 0));
	const pattern = join(directory, `scan-${options.seed ?? 0}-%04d.jpg`);
	run('gs', [
		...GS,
		'-sDEVICE=jpeggray',
		`-r${options.resolution}`,
		`-dJPEGQ=${options.quality}`,
		`-sOutputFile=${pattern}`,
		source,
	]);
	const document = await PDFDocument.create();
	for (let page = 1; page <= options.pages; page++) {
		const jpeg = await document.embedJpg(
			readFileSync(pattern.replace('%04d', String(page).padStart(4, '0'))),
		);
		document.addPage([612, 792]).drawImage(jpeg, { x: 0, y: 0, width: 612, height: 792 });
	}
	return Buffer.from(await document.save());
}

/** How libtiff compresses a corpus TIFF, and whether its pages are bilevel (fax) or grey. */
export const TIFF_KINDS = [
	{ name: 'g3', compression: 'g3', bilevel: true },
	{ name: 'g3-2d', compression: 'g3:2d:fill', bilevel: true },
	{ name: 'g4', compression: 'g4', bilevel: true },
	{ name: 'none-bilevel', compression: 'none', bilevel: true },
	{ name: 'none-grey', compression: 'none', bilevel: false },
	{ name: 'lzw-grey', compression: 'lzw', bilevel: false },
] as const;

export type TiffKind = (typeof TIFF_KINDS)[number];

/**
 * A multi-page TIFF: each page written as PBM or PGM, made a TIFF by ppm2tiff at 200 dpi, and the pages
 * joined and compressed by tiffcp. Fax width (1728) for bilevel pages.
 */
export function tiffDocument(directory: string, kind: TiffKind, pages = 3, scale = 1): Buffer {
	const width = Math.round((kind.bilevel ? 1728 : 800) * scale);
	const height = Math.round((kind.bilevel ? 2200 : 1000) * scale);
	const pageFiles = Array.from({ length: pages }, (_, index) => {
		const seed = 40 + index;
		const picture = join(
			directory,
			`tiff-${kind.name}-${index + 1}.${kind.bilevel ? 'pbm' : 'pgm'}`,
		);
		writeFileSync(
			picture,
			kind.bilevel ? pbm(bilevelPage(width, height, seed)) : pgm(scannedPage(width, height, seed)),
		);
		const single = join(directory, `tiff-${kind.name}-${index + 1}.tif`);
		run('ppm2tiff', ['-R', '200', '-c', 'none', picture, single]);
		return single;
	});
	const output = join(directory, `${kind.name}.tif`);
	run('tiffcp', ['-c', kind.compression, ...pageFiles, output]);
	return readFileSync(output);
}
