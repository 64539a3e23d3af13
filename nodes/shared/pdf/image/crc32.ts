/** CRC-32 (ISO 3309, the polynomial of PNG chunks and zip), table-driven, one byte a step. */

/** Signed 32-bit entries: values above 2^31 in a Uint32Array are doubles to V8, and the loop slows tenfold. */
const TABLE = ((): Int32Array => {
	const table = new Int32Array(256);
	for (let byte = 0; byte < 256; byte++) {
		let crc = byte;
		for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
		table[byte] = crc;
	}
	return table;
})();

/** The CRC-32 of data[start, end). */
export function crc32(data: Uint8Array, start = 0, end = data.length): number {
	const table = TABLE;
	let crc = -1;
	for (let at = start; at < end; at++) crc = table[(crc ^ data[at]) & 0xff] ^ (crc >>> 8);
	return ~crc >>> 0;
}
