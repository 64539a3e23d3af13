/**
 * Packs deflate's bit fields into bytes, first bit lowest (RFC 1951 section 3.1.1), into a buffer that
 * grows by doubling.
 */
export class BitWriter {
	private bytes: Uint8Array;
	private length = 0;
	/** Bits not yet written out, lowest first; fewer than 8 between calls. */
	private pending = 0;
	private pendingCount = 0;

	constructor(initialCapacity: number) {
		this.bytes = new Uint8Array(Math.max(64, initialCapacity));
	}

	/** The low `count` bits of value (count at most 16). */
	writeBits(value: number, count: number): void {
		this.pending |= value << this.pendingCount;
		this.pendingCount += count;
		if (this.pendingCount >= 8) {
			if (this.length + 3 > this.bytes.length) this.grow(3);
			const bytes = this.bytes;
			do {
				bytes[this.length++] = this.pending & 0xff;
				this.pending >>>= 8;
				this.pendingCount -= 8;
			} while (this.pendingCount >= 8);
		}
	}

	/** Pads with zero bits to the next byte boundary. */
	alignToByte(): void {
		if (this.pendingCount > 0) this.writeBits(0, 8 - this.pendingCount);
	}

	/** Whole bytes; the writer must be at a byte boundary. */
	writeBytes(source: Uint8Array): void {
		if (this.length + source.length > this.bytes.length) this.grow(source.length);
		this.bytes.set(source, this.length);
		this.length += source.length;
	}

	/** The bytes written (a partial last byte padded with zero bits). */
	finish(): Uint8Array {
		this.alignToByte();
		return this.bytes.slice(0, this.length);
	}

	private grow(extra: number): void {
		const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
		grown.set(this.bytes.subarray(0, this.length));
		this.bytes = grown;
	}
}
