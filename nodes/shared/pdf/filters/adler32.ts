/** The Adler-32 checksum that ends a zlib stream (RFC 1950 section 8.2). */

const MODULUS = 65521;
/** zlib's NMAX: the most bytes the sums can take before they must be reduced to stay below 2^32. */
const CHUNK = 5552;

export function adler32(data: Uint8Array): number {
	let a = 1;
	let b = 0;
	for (let start = 0; start < data.length; start += CHUNK) {
		const end = Math.min(start + CHUNK, data.length);
		for (let i = start; i < end; i++) {
			a += data[i];
			b += a;
		}
		a %= MODULUS;
		b %= MODULUS;
	}
	return ((b << 16) | a) >>> 0;
}
