/**
 * Page content streams: turns drawing operations (text at a baseline, rules, boxes) into the PDF
 * operators of one page. Text goes in as ruled strings and out as WinAnsi bytes.
 */

import type { FontName } from './fontWidths';
import { pdfNumber, pdfString } from '../write/objects';
import { encodeWinAnsi } from './winAnsi';

/** The name each font has in a page's /Resources /Font dictionary. */
export const FONT_RESOURCE_NAMES: Readonly<Record<FontName, string>> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

export type DrawOperation =
	| { kind: 'text'; font: FontName; size: number; x: number; y: number; text: string }
	| { kind: 'rule'; x1: number; y1: number; x2: number; y2: number; lineWidth: number }
	| { kind: 'box'; x: number; y: number; width: number; height: number; lineWidth: number };

/**
 * The operators for one page. Consecutive text shares one BT ... ET block and sets its font only when
 * it changes; each line is placed absolutely (Tm), so a line's position never depends on the ones
 * before it.
 */
export function contentStream(operations: readonly DrawOperation[]): Buffer {
	const out: string[] = [];
	let inText = false;
	let font = '';
	for (const operation of operations) {
		if (operation.kind === 'text') {
			if (!inText) {
				out.push('BT');
				inText = true;
				font = '';
			}
			const fontState = `/${FONT_RESOURCE_NAMES[operation.font]} ${pdfNumber(operation.size)} Tf`;
			if (fontState !== font) {
				out.push(fontState);
				font = fontState;
			}
			out.push(`1 0 0 1 ${pdfNumber(operation.x)} ${pdfNumber(operation.y)} Tm ${pdfString(encodeWinAnsi(operation.text))} Tj`);
			continue;
		}
		if (inText) {
			out.push('ET');
			inText = false;
		}
		if (operation.kind === 'rule') {
			out.push(`${pdfNumber(operation.lineWidth)} w ${pdfNumber(operation.x1)} ${pdfNumber(operation.y1)} m ${pdfNumber(operation.x2)} ${pdfNumber(operation.y2)} l S`);
		} else {
			out.push(`${pdfNumber(operation.lineWidth)} w ${pdfNumber(operation.x)} ${pdfNumber(operation.y)} ${pdfNumber(operation.width)} ${pdfNumber(operation.height)} re S`);
		}
	}
	if (inText) out.push('ET');
	return Buffer.from(out.join('\n'), 'latin1');
}
