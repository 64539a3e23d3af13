/**
 * The string table every LZW decoder here shares (PDF's and TIFF's in lzw.ts, GIF's in
 * image/gifLzw.ts): each entry is an earlier entry plus one byte, so a code's string is written by
 * walking its prefixes backwards. The code streams differ (bit order, code widths, clear and end
 * codes) and stay with their decoders.
 */

/** Codes are at most 12 bits wide in every LZW variant here. */
export const LZW_MAX_CODES = 4096;

export class LzwTable {
	private readonly prefixes = new Uint16Array(LZW_MAX_CODES);
	private readonly lastBytes = new Uint8Array(LZW_MAX_CODES);
	private readonly firstBytes = new Uint8Array(LZW_MAX_CODES);
	private readonly lengths = new Uint16Array(LZW_MAX_CODES);
	/** The code the next added string gets. */
	nextCode: number;

	/** literals: how many one-byte codes there are (256 for PDF and TIFF, 1 << min code size for GIF); firstFree: the first code after them and the control codes. */
	constructor(
		literals: number,
		private readonly firstFree: number,
	) {
		for (let code = 0; code < literals; code++) {
			this.lastBytes[code] = code;
			this.firstBytes[code] = code;
			this.lengths[code] = 1;
		}
		this.nextCode = firstFree;
	}

	/** After a clear code: only the literals stay defined. */
	clear(): void {
		this.nextCode = this.firstFree;
	}

	/**
	 * How many bytes the code stands for when it follows `previous` (-1 after a clear), or 0 when it is
	 * not defined: a defined code, or the one about to be defined (the KwKwK case: previous's string
	 * plus its own first byte).
	 */
	lengthOf(code: number, previous: number): number {
		if (code < this.nextCode) return this.lengths[code];
		if (code === this.nextCode && previous >= 0) return this.lengths[previous] + 1;
		return 0;
	}

	/** Writes the code's string at output[at...]; `length` is lengthOf's answer. */
	write(code: number, previous: number, length: number, output: Uint8Array, at: number): void {
		if (code < this.nextCode) {
			for (let entry = code, i = at + length - 1; i >= at; i--) {
				output[i] = this.lastBytes[entry];
				entry = this.prefixes[entry];
			}
		} else {
			// The previous string was written just before; the new one repeats it and its first byte.
			output.copyWithin(at, at - length + 1, at);
			output[at + length - 1] = this.firstBytes[previous];
		}
	}

	/** Adds previous's string plus `byte` (the first byte of the string just written); false when the table is full. */
	add(previous: number, byte: number): boolean {
		const code = this.nextCode;
		if (code >= LZW_MAX_CODES) return false;
		this.prefixes[code] = previous;
		this.lastBytes[code] = byte;
		this.firstBytes[code] = this.firstBytes[previous];
		this.lengths[code] = this.lengths[previous] + 1;
		this.nextCode = code + 1;
		return true;
	}
}
