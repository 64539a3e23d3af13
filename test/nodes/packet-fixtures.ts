/**
 * Documents for the packet tests: PDFs with text on every page (made by the letter writer, and turned
 * by qpdf into other shapes: object streams, encrypted), and a bilevel TIFF written byte by byte.
 */
import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { renderLetter } from '../../nodes/shared/pdf';

/** A PDF whose page i holds `pages[i]` (pages split by form feeds). */
export function textPdf(...pages: string[]): Buffer {
	return renderLetter(pages.join('\f')).pdf;
}

/** The same PDF after `qpdf <args>` (e.g. --object-streams=generate, --encrypt …). */
export function qpdfVariant(source: Buffer, ...args: string[]): Buffer {
	const folder = mkdtempSync(join(tmpdir(), 'fax-packet-'));
	try {
		writeFileSync(join(folder, 'in.pdf'), source);
		execFileSync('qpdf', [...args, join(folder, 'in.pdf'), join(folder, 'out.pdf')]);
		return readFileSync(join(folder, 'out.pdf'));
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * A little-endian, uncompressed, one-bit TIFF of `pages` pages, each `width` x `height` pixels at 200
 * dpi, WhiteIsZero, with a black bar `page + 1` rows high at its top (so pages differ).
 */
export function bilevelTiff(pages = 1, width = 200, height = 100): Buffer {
	const rowBytes = Math.ceil(width / 8);
	const parts: Buffer[] = [Buffer.from([0x49, 0x49, 0x2a, 0x00, 0, 0, 0, 0])];
	let offset = 8;
	const ifdOffsets: number[] = [];
	const entryCount = 11;
	for (let page = 0; page < pages; page++) {
		const strip = Buffer.alloc(rowBytes * height);
		strip.fill(0xff, 0, rowBytes * (page + 1));
		const stripOffset = offset;
		parts.push(strip);
		offset += strip.length;
		const resolution = Buffer.alloc(8);
		resolution.writeUInt32LE(200, 0);
		resolution.writeUInt32LE(1, 4);
		const resolutionOffset = offset;
		parts.push(resolution);
		offset += resolution.length;
		ifdOffsets.push(offset);
		const ifd = Buffer.alloc(2 + entryCount * 12 + 4);
		ifd.writeUInt16LE(entryCount, 0);
		const entries: Array<[number, number, number]> = [
			[256, 3, width],
			[257, 3, height],
			[258, 3, 1],
			[259, 3, 1],
			[262, 3, 0],
			[273, 4, stripOffset],
			[278, 3, height],
			[279, 4, strip.length],
			[282, 5, resolutionOffset],
			[283, 5, resolutionOffset],
			[296, 3, 2],
		];
		entries.forEach(([tag, type, value], index) => {
			const at = 2 + index * 12;
			ifd.writeUInt16LE(tag, at);
			ifd.writeUInt16LE(type, at + 2);
			ifd.writeUInt32LE(1, at + 4);
			if (type === 3) ifd.writeUInt16LE(value, at + 8);
			else ifd.writeUInt32LE(value, at + 8);
		});
		parts.push(ifd);
		offset += ifd.length;
	}
	const file = Buffer.concat(parts);
	file.writeUInt32LE(ifdOffsets[0], 4);
	ifdOffsets.forEach((at, index) =>
		file.writeUInt32LE(ifdOffsets[index + 1] ?? 0, at + 2 + entryCount * 12),
	);
	return file;
}
